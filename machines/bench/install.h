/* roofline-bench install: a measured machine file as the default machine (install.c). */
#ifndef RLB_INSTALL_H
#define RLB_INSTALL_H

/* roofline-bench install FILE [--system] (ARGV[1] is "install"); the exit status. */
int rlb_install(int argc, char **argv);

#endif
