/* Number formats of every output (notes, JSON note fields, YAML, SARIF, roofline-report). */
#include "diag/format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void rl_format_number(double v, char *buf, size_t len)
{
	double r = round(v * 10.0) / 10.0;
	if (r == 0.0)
		r = 0.0; /* no "-0" */
	if (fabs(r - round(r)) < 1e-9)
		snprintf(buf, len, "%.0f", r);
	else
		snprintf(buf, len, "%.1f", r);
}

void rl_format_number3(double v, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "inf");
	else if (v == 0)
		snprintf(buf, len, "0");
	else if (fabs(v) >= 100)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.3g", v);
}

void rl_format_number2(double v, char *buf, size_t len)
{
	if (v == 0)
		snprintf(buf, len, "0");
	else if (fabs(v) >= 100 || fabs(v - round(v)) < 1e-9)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 1)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2g", v);
}

void rl_format_percent(double share, char *buf, size_t len)
{
	double pc = share * 100;
	if (pc >= 1 || pc == 0)
		snprintf(buf, len, "%.0f %%", pc);
	else
		snprintf(buf, len, "%.2g %%", pc);
}

void rl_format_count(double v, char *buf, size_t len)
{
	if (v < 1e12 && fabs(v - round(v)) < 1e-6)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.4g", v);
}

void rl_format_cores(int n, char *buf, size_t len)
{
	snprintf(buf, len, "%d core%s", n, n == 1 ? "" : "s");
}

void rl_format_size(double bytes, char *buf, size_t len)
{
	static const char *unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	int k = 0;
	while (k < 5 && bytes >= 1024.0) {
		bytes /= 1024.0;
		k++;
	}
	if (k == 0 || fabs(bytes - round(bytes)) < 1e-9)
		snprintf(buf, len, "%.0f %s", bytes, unit[k]);
	else
		snprintf(buf, len, "%.3g %s", bytes, unit[k]);
}

void rl_format_rate(double v, const char *work, char *buf, size_t len)
{
	static const char *pre[] = { "", "k", "M", "G", "T", "P" };
	int k = 0;
	while (k < 5 && fabs(v) >= 1000.0) {
		v /= 1000.0;
		k++;
	}
	const char *w = !strcmp(work, "flop") ? "FLOP" : !strcmp(work, "LUP") ? "LUP" : "it";
	if (fabs(v) >= 100)
		snprintf(buf, len, "%.0f %s%s/s", v, pre[k], w);
	else if (fabs(v) >= 10)
		snprintf(buf, len, "%.1f %s%s/s", v, pre[k], w);
	else
		snprintf(buf, len, "%.2f %s%s/s", v, pre[k], w);
}

void rl_format_size_exact(double bytes, char *buf, size_t len)
{
	const char *unit[] = { "B", "KiB", "MiB", "GiB" };
	int u = 0;
	while (u < 3 && bytes >= 1024.0 && fmod(bytes, 1024.0) == 0.0) {
		bytes /= 1024.0;
		u++;
	}
	if (fabs(bytes - round(bytes)) < 1e-9)
		snprintf(buf, len, "%.0f %s", bytes, unit[u]);
	else
		snprintf(buf, len, "%.1f %s", bytes, unit[u]);
}

void rl_format_seconds(double s, char *buf, size_t len)
{
	static const char *unit[] = { "s", "ms", "us", "ns" };
	int k = 0;
	if (!isfinite(s) || s < 0) {
		snprintf(buf, len, "unknown");
		return;
	}
	if (s < 0.1)
		while (k < 3 && s < 1.0 && s > 0) {
			s *= 1000.0;
			k++;
		}
	if (s >= 1000)
		snprintf(buf, len, "%.0f %s", s, unit[k]);
	else
		snprintf(buf, len, "%.3g %s", s, unit[k]);
}
