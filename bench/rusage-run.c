/* rusage-run OUTFILE CMD [ARGS...]: run CMD, then write one line to OUTFILE:
 *   "<exit-status> <wall-s> <user-s> <sys-s> <maxrss-kB>"
 * The times are those of CMD and all the processes it waited for (gcc -> cc1, as);
 * maxrss is the peak resident set of the largest of them (cc1).  exit-status is
 * 128+signal when CMD was killed by a signal.  Used by bench/overhead.sh because
 * GNU time may be missing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double secs(struct timeval tv) { return tv.tv_sec + tv.tv_usec / 1e6; }

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: rusage-run OUTFILE CMD [ARGS...]\n");
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("rusage-run: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("rusage-run: exec");
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) < 0) {
		perror("rusage-run: waitpid");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	FILE *f = fopen(argv[1], "w");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	fprintf(f, "%d %.3f %.3f %.3f %ld\n", code,
		(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
		secs(ru.ru_utime), secs(ru.ru_stime), ru.ru_maxrss);
	fclose(f);
	return code;
}
