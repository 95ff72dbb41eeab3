/* plugin-state.h - what the plugin keeps, and the interfaces of the files that
 * work on it (C++; GCC types allowed).
 *
 * Two states, each with one owner in roofline-plugin.cc:
 *   rl_unit_state      per translation unit: the options, the machine and its
 *                      port table, the remarks document, counters and time;
 *   rl_function_state  per function: the nests modelled before vect, waiting
 *                      for their vector factor and generated code, and the RTL
 *                      loop records; reset when the function's notes are out.
 */
#ifndef RL_PLUGIN_STATE_H
#define RL_PLUGIN_STATE_H

#include "plugin/plugin-internal.h"

#include <vector>

#include "diag/diag.h"
#include "machines/machine.h"
#include "model/report.h"

/* The -fplugin-arg-roofline-KEY[=VALUE] options (options.cc). */
struct rl_options
{
  std::vector<rl_define> defines;       /* define=NAME=VALUE, in order */
  int cores = 1;
  bool cores_given = false;             /* cores= was given (OpenMP loops: else the machine's) */
  /* only=FUNC or only=FILE:LINE (repeatable, or a comma list): notes only for
     the nests of those functions or at those lines; empty: every nest */
  std::vector<const char *> only;
  double clock_ghz = 0;                 /* clock=GHZ, 0: the machine's */
  bool verbose = false, quiet = false;
  bool timing = false;                  /* timing=: the plugin's own CPU time on stderr */
  const char *machine_arg = NULL;       /* machine=NAME|PATH, NULL: from -march/-mtune */
  /* remarks files, each written only when asked: its own path (remarks=,
     yaml-remarks=, sarif=), else in remarks_dir (remarks-dir=DIR) as
     <name>.roofline.json, .roofline.opt.yaml, .roofline.sarif; NULL: not asked */
  const char *remarks_path = NULL, *yaml_path = NULL, *sarif_path = NULL;
  const char *remarks_dir = NULL;
};

/* How the machine was chosen (machine-choice.cc). */
struct rl_machine_choice
{
  char why[704] = "";           /* "machine=", "-march=haswell", "host cpu", ... */
  bool estimated = false;       /* chosen without machine= and not an installed measured
				   file: the first note says the figures are estimates */
  int file_cores = 0;           /* the file's cores when capped to the usable CPUs, else 0 */
};

/* Per translation unit. */
struct rl_unit_state
{
  rl_options opts;
  rl_machine *machine = NULL;
  rl_machine_choice choice;
  bool estimate_noted = false;  /* the estimates note is out */
  rl_ports *ports = NULL;               /* port table of the machine, NULL: class rows */
  rl_remarks *remarks = NULL;
  double seconds = 0;                   /* CPU time spent in the plugin's passes */
  double start_seconds = 0;             /* CPU time of the plugin's start (options, machine) */
  double finish_seconds = 0;            /* CPU time of its end of unit (remarks files) */
  int analysed = 0, not_analysed = 0;
};

/* if-conversion guards kept per nest (rl_pending.guards) */
#define RL_MAX_VERSION_GUARDS 4

/* A nest modelled before vect, waiting for its generated code. */
struct rl_pending
{
  rl_nest *nest;        /* NULL when not analysed */
  location_t loc;
  char reason[256];
  int innermost_num;    /* GIMPLE loop number of the innermost loop, -1 for a block move */
  int vector_factor;
  int source_lanes;     /* lanes of vector code written in the source (intrinsics), 1 if none */
  /* verbose notes on what surrounds the nest in the loop tree (sibling loops,
     enclosing loops or their statements left out of the model) and on a block
     move modelled as a loop, "" when there is nothing to say */
  char sibling_text[512];
  int branch_line;      /* the loop holding the sibling loops (line), 0 if none */
  int nsiblings;        /* inner loops of that loop as written */
  char repeat_text[256];
  int repeat_line;      /* != 0: an enclosing loop of unknown count was left out
			   (its line, -1 unknown): the time is per repetition */
  char outside_text[256];
  char block_text[256];
  char omp_text[320];   /* an OpenMP worksharing loop: how it is modelled */
  int threads;          /* cores for the scaling: cores=, or for OpenMP the machine's */
  bool skip;            /* not analysed and not worth a note (an empty split-off loop) */
  bool block_move;      /* a memset/memcpy call modelled as a loop (no RTL loop) */
  bool hidden;          /* outside only=: in the remarks, no note */
  /* the IFN_LOOP_VECTORIZED guards of if-conversion on the innermost loop
     and the loops enclosing it (innermost first), each named by its two loop
     numbers: the loop is one of two versions vect chooses between */
  int guards[RL_MAX_VERSION_GUARDS][2];
  int nguards;
  /* GCC deleted the innermost loop in vect (a version it did not use): no
     code, so no note but the verbose one saying so */
  bool removed;
  /* the scalar copy vect made when it versioned the vectorised innermost
     loop (run-time alias, alignment or trip-count checks), 0 if none */
  int version_num;
  rl_nest *version_nest;   /* the copy of the nest behind the report of the scalar copy
			      when that copy is the one shown (freed with the function) */
  char version_text[768];  /* the verbose note on the versions, "" none */
  /* the source loop this copy comes from (loop-copies.cc): the innermost loop's
     location and the source locations of the stores of its body (of its loads
     when it stores nothing): a hash of the distinct ones, how many there are
     with and without repeats; copies GCC made of one source loop share the
     location and the hash */
  location_t inner_loc;
  unsigned long body_key;
  int body_stmts, body_distinct;
  int reported_by;      /* 1 + index of the copy of the same source loop that
			   reports this one (no notes, not in the remarks), 0: none */
};

/* Per function: everything collected between the nest pass and the notes. */
struct rl_function_state
{
  tree fndecl = NULL_TREE;              /* function the nests belong to */
  std::vector<rl_pending> nests;
  rl_rtl_records rtl = {};
};

/* options.cc: the help text (also PLUGIN_INFO's) and the parser.  On a bad
 * option it reports an error (the compilation fails) and returns false. */
extern const char *const rl_options_help;
bool rl_options_parse (struct plugin_name_args *info, rl_options *opts);
/* options.cc: whether the notes of a nest of function FNAME (an outlined
   OpenMP function FN._omp_fn.N counts as FN) at FILE:LINE are wanted (only=). */
bool rl_options_focus (const rl_options *opts, const char *fname, const char *file, int line);

/* machine-choice.cc: choose the machine file (machine=, else an installed
 * measured file of the host CPU when -march is native or absent, else
 * -march/-mtune, else the host's cpuid), load it and the port table it names into *MACHINE
 * and *PORTS.  The bundled files are found beside PLUGIN_PATH.  On a problem
 * it reports an error and returns false. */
bool rl_machine_choose_and_load (const char *plugin_path, const rl_options *opts,
				 rl_machine **machine, rl_ports **ports,
				 rl_machine_choice *choice);
/* machine-choice.cc: list the bundled machines on stderr (for help). */
void rl_machine_print_bundled (const char *plugin_path);

/* emit.cc: the notes of the pending nest P (counted in U), added to U's remarks.
   NT_TEXT: the non-temporal store sentence for verbose output, or "". */
void rl_emit_report (rl_unit_state *u, const rl_pending &p, const rl_report *r,
		     const char *nt_text);
void rl_emit_not_analysed (rl_unit_state *u, const rl_pending &p, tree fndecl);
/* emit.cc: the function a statement at LOC of FNDECL belongs to in the source:
   the function GCC inlined it from, the function a clone was made of, else
   FNDECL's name (the function totals of the predicted time are per source
   function). */
const char *rl_source_function_name (location_t loc, tree fndecl);
/* emit.cc: the verbose note of a removed loop copy P (rl_pending.removed);
   neither analysed nor not analysed, not in the remarks. */
void rl_emit_removed_copy (rl_unit_state *u, const rl_pending &p);
/* loop-copies.cc: the source signature of the innermost loop LEAF into P. */
void rl_copy_signature (class loop *leaf, rl_pending &p);
/* loop-copies.cc: find the pending nests that are copies of one source loop
   (same innermost location and statements): the analysed copy whose body
   repeats the statements most (unroll-and-jam's main copy) reports them all at
   the earliest of their locations (REPORTS[i]: the report of NESTS[i] or NULL;
   its copies' figures go to its rl_report_copies), the others are marked
   reported_by. */
void rl_merge_loop_copies (std::vector<rl_pending> &nests, std::vector<rl_report *> &reports);
/* emit.cc: write the remarks files of U (JSON, LLVM YAML, SARIF) and free the
   remarks; then the verbose summary line. */
void rl_emit_unit_end (rl_unit_state *u);

#endif
