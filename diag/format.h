/* diag/format: the number formats of every output (notes, the JSON "note" fields, LLVM YAML,
 * SARIF, roofline-report).  Plain C, no jansson: roofline-report and the unit tests link it
 * alone. */
#ifndef RL_DIAG_FORMAT_H
#define RL_DIAG_FORMAT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The notes' cycle counts and ratios: at most one decimal, no trailing ".0", no "-0":
 * 12.96 -> "13", 4.32 -> "4.3". */
void rl_format_number(double v, char *buf, size_t len);

/* 3 significant digits, no exponent for ordinary magnitudes: 0.0833, 1.5, 21.6, 294 (the
 * roofline texts: AIs, GFLOP/s, GB/s). */
void rl_format_number3(double v, char *buf, size_t len);

/* The report's chart labels: whole numbers from 100 on or when integral, one decimal from 1,
 * two significant digits below 1. */
void rl_format_number2(double v, char *buf, size_t len);

/* A share (0..1) as a percentage: whole percents from 1 %, two significant digits below:
 * "62 %", "0.4 %" (a loop's share of its function's predicted time). */
void rl_format_percent(double share, char *buf, size_t len);

/* A count: whole numbers in full up to 10^12 ("6225025"), else 4 significant digits. */
void rl_format_count(double v, char *buf, size_t len);

/* A number of cores with its noun: "1 core", "8 cores" (every sentence that says "on N cores"). */
void rl_format_cores(int n, char *buf, size_t len);

/* A working set or footprint, 3 significant digits in binary units: "122 MiB", "14.6 TiB". */
void rl_format_size(double bytes, char *buf, size_t len);

/* A capacity in bytes in the largest unit that divides it exactly: "16 KiB", "10 MiB",
 * "40960.5 B" (the layer conditions' cache capacities). */
void rl_format_size_exact(double bytes, char *buf, size_t len);

/* A rate of WORK ("flop", "LUP", anything else: iterations) per second with a decimal prefix:
 * "1.20 GFLOP/s", "659 MLUP/s", "3.1 Git/s". */
void rl_format_rate(double per_second, const char *work, char *buf, size_t len);

/* A duration, 3 significant digits with the unit that keeps the number from 1 to 999:
 * "0.299 s" from 0.1 s, "12.5 ms", "640 us", "25 ns" ("us": ASCII for the notes). */
void rl_format_seconds(double s, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
