# roofline - GCC plugin for static ECM and roofline predictions.
#   make            build roofline.so against the plugin headers of $(CC) (default gcc)
#   make demo       build, then compile examples/ with the plugin (default machine)
#   make check      run every test suite; ends with "N passed, N failed"
#   make install    install roofline.so and the machine files into GCC's plugin dir
#   make CC=gcc-11  the same with GCC 11

ifeq ($(origin CC),default)
CC := gcc
endif
CXX_FOR_CC = $(subst gcc,g++,$(CC))
PLUGIN_DIR = $(shell $(CC) -print-file-name=plugin)
BUILD ?= build

WARN := -Wall -Wextra
CFLAGS ?= -O2 -g
CORE_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -fPIC $(WARN) -I.
PLUGIN_CXXFLAGS := -std=gnu++14 -fPIC -fno-rtti -fno-exceptions $(WARN) -Wno-unused-parameter \
	-O2 -g -I. -I$(PLUGIN_DIR)/include
LIBS := -lisl -lyaml -ljansson -lm

CORE_SRCS := $(wildcard polyhedral/*.c portmodel/*.c model/*.c machines/*.c diag/*.c)
PLUGIN_SRCS := $(filter-out plugin/loader.cc,$(wildcard plugin/*.cc))
CORE_OBJS := $(CORE_SRCS:%.c=$(BUILD)/%.o)
PLUGIN_OBJS := $(PLUGIN_SRCS:%.cc=$(BUILD)/%.o)
HEADERS := $(wildcard */*.h diag/report/*.h)

.PHONY: all deps demo check install clean unit

all: deps roofline.so roofline-core.so roofline-bench roofline-report

deps:
	@sh scripts/deps.sh $(CC)

# roofline.so: the loader GCC opens (version check only); roofline-core.so: the plugin.
roofline.so: $(BUILD)/plugin/loader.o
	$(CXX_FOR_CC) -shared -o $@ $^ -ldl

roofline-core.so: $(CORE_OBJS) $(PLUGIN_OBJS)
	$(CXX_FOR_CC) -shared -o $@ $^ $(LIBS)

$(BUILD)/%.o: %.c $(HEADERS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/%.o: %.cc $(HEADERS) | deps
	@mkdir -p $(dir $@)
	$(CXX_FOR_CC) $(PLUGIN_CXXFLAGS) -c -o $@ $<

# roofline-bench: host characterisation tool (machines/bench/, not part of the plugin)
BENCH_SRCS := $(wildcard machines/bench/*.c machines/*.c) model/ecm.c polyhedral/traffic.c polyhedral/nest.c
roofline-bench: $(BENCH_SRCS) $(wildcard machines/bench/*.h machines/*.h) model/ecm.h polyhedral/traffic.h
	$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -I. -O2 -g -o $@ $(BENCH_SRCS) -lyaml -lm -lpthread

# roofline-report: JSON remarks of a build -> one HTML report (docs/report.md).  Its own
# folder: diag/*.c all go into the plugin.
REPORT_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(wildcard diag/report/*.c)) $(BUILD)/diag/views.o $(BUILD)/diag/sarif.o $(BUILD)/diag/format.o
roofline-report: $(REPORT_OBJS)
	$(CC) -o $@ $^ -ljansson -lm

$(BUILD)/diag/report/%.o: diag/report/%.c diag/views.h diag/diag.h | deps
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -c -o $@ $<

demo: all
	@sh scripts/demo.sh $(CC)

check: all
	@sh scripts/deps.sh $(CC) --tests
	@sh testsuite/run-all.sh $(CC)

# the tools go to BINDIR (roofline-bench, roofline-report)
BINDIR ?= /usr/local/bin

install: all
	install -d $(DESTDIR)$(PLUGIN_DIR)/roofline-machines
	install -m 644 roofline.so roofline-core.so $(DESTDIR)$(PLUGIN_DIR)/
	install -m 644 machines/*.yml $(DESTDIR)$(PLUGIN_DIR)/roofline-machines/
	install -d $(DESTDIR)$(PLUGIN_DIR)/roofline-machines/ports
	install -m 644 machines/ports/*.yml $(DESTDIR)$(PLUGIN_DIR)/roofline-machines/ports/
	install -d $(DESTDIR)$(PLUGIN_DIR)/roofline-machines/calls
	install -m 644 machines/calls/*.yml $(DESTDIR)$(PLUGIN_DIR)/roofline-machines/calls/
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 roofline-bench roofline-report $(DESTDIR)$(BINDIR)/

clean:
	rm -rf $(BUILD) roofline.so roofline-core.so roofline-bench roofline-report testsuite/out
