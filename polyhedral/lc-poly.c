/* Polynomials in the size parameters of a nest (see lc.h). */
#include "polyhedral/lc-internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void rl_lc_poly_zero(rl_lc_poly *p)
{
	memset(p, 0, sizeof(*p));
}

void rl_lc_poly_const(rl_lc_poly *p, double c)
{
	rl_lc_poly_zero(p);
	if (c != 0.0) {
		p->nterms = 1;
		p->t[0].coef = c;
	}
}

static int same_exp(const rl_lc_poly_term *a, const rl_lc_poly_term *b)
{
	return memcmp(a->exp, b->exp, sizeof(a->exp)) == 0;
}

void rl_lc_poly_add_term(rl_lc_poly *p, const rl_lc_poly_term *t, double scale)
{
	double c = t->coef * scale;
	if (c == 0.0)
		return;
	for (int i = 0; i < p->nterms; i++) {
		if (same_exp(&p->t[i], t)) {
			p->t[i].coef += c;
			if (fabs(p->t[i].coef) < 1e-12) {
				p->t[i] = p->t[p->nterms - 1];
				p->nterms--;
			}
			return;
		}
	}
	if (p->nterms == RL_POLY_TERMS) {
		p->overflow = 1;
		return;
	}
	p->t[p->nterms] = *t;
	p->t[p->nterms].coef = c;
	p->nterms++;
}

void rl_lc_poly_add(rl_lc_poly *dst, const rl_lc_poly *a, double scale)
{
	rl_lc_poly tmp = *a; /* a may alias dst */
	for (int i = 0; i < tmp.nterms; i++)
		rl_lc_poly_add_term(dst, &tmp.t[i], scale);
	dst->overflow |= tmp.overflow;
}

void rl_lc_poly_mul(rl_lc_poly *dst, const rl_lc_poly *a, const rl_lc_poly *b)
{
	rl_lc_poly r;
	rl_lc_poly_zero(&r);
	for (int i = 0; i < a->nterms; i++)
		for (int j = 0; j < b->nterms; j++) {
			rl_lc_poly_term t;
			t.coef = a->t[i].coef * b->t[j].coef;
			for (int p = 0; p < RL_MAX_PARAMS; p++)
				t.exp[p] = (unsigned char)(a->t[i].exp[p] + b->t[j].exp[p]);
			rl_lc_poly_add_term(&r, &t, 1.0);
		}
	r.overflow |= a->overflow | b->overflow;
	*dst = r;
}

void rl_lc_poly_scale(rl_lc_poly *p, double s)
{
	rl_lc_poly r;
	rl_lc_poly_zero(&r);
	rl_lc_poly_add(&r, p, s);
	*p = r;
}

double rl_lc_poly_eval(const rl_lc_poly *p, const double *vals)
{
	double sum = 0.0;
	for (int i = 0; i < p->nterms; i++) {
		double v = p->t[i].coef;
		for (int q = 0; q < RL_MAX_PARAMS; q++)
			for (int e = 0; e < p->t[i].exp[q]; e++)
				v *= vals[q];
		sum += v;
	}
	return sum;
}

static int term_degree(const rl_lc_poly_term *t)
{
	int d = 0;
	for (int q = 0; q < RL_MAX_PARAMS; q++)
		d += t->exp[q];
	return d;
}

int rl_lc_poly_degree(const rl_lc_poly *p, int param)
{
	int d = 0;
	for (int i = 0; i < p->nterms; i++) {
		int td = param < 0 ? term_degree(&p->t[i]) : p->t[i].exp[param];
		if (td > d)
			d = td;
	}
	return d;
}

void rl_lc_poly_leading(rl_lc_poly *dst, const rl_lc_poly *p)
{
	rl_lc_poly tmp = *p;
	int d = rl_lc_poly_degree(&tmp, -1);
	rl_lc_poly_zero(dst);
	for (int i = 0; i < tmp.nterms; i++)
		if (term_degree(&tmp.t[i]) == d)
			rl_lc_poly_add_term(dst, &tmp.t[i], 1.0);
}

void rl_lc_appendf(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* terms by decreasing degree; "3*n^2 - n + 2" */
void rl_lc_poly_print(const rl_nest *nest, const rl_lc_poly *p, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	int order[RL_POLY_TERMS];
	for (int i = 0; i < p->nterms; i++)
		order[i] = i;
	for (int i = 1; i < p->nterms; i++)
		for (int j = i; j > 0 && term_degree(&p->t[order[j]]) > term_degree(&p->t[order[j - 1]]); j--) {
			int x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
	for (int k = 0; k < p->nterms; k++) {
		const rl_lc_poly_term *t = &p->t[order[k]];
		double c = t->coef;
		char num[48] = "", mono[160] = "";
		if (k)
			rl_lc_appendf(buf, len, "%s", c < 0 ? " - " : " + ");
		else if (c < 0)
			rl_lc_appendf(buf, len, "%s", "-");
		c = fabs(c);
		for (int q = 0; q < RL_MAX_PARAMS; q++) {
			if (!t->exp[q])
				continue;
			size_t u = strlen(mono);
			const char *name = nest && q < nest->nparams ? nest->params[q].name : "?";
			if (t->exp[q] == 1)
				snprintf(mono + u, sizeof(mono) - u, "%s%s", u ? "*" : "", name);
			else
				snprintf(mono + u, sizeof(mono) - u, "%s%s^%d", u ? "*" : "", name, t->exp[q]);
		}
		if (fabs(c - round(c)) < 1e-9)
			snprintf(num, sizeof(num), "%.0f", c);
		else
			snprintf(num, sizeof(num), "%.4g", c);
		if (!mono[0])
			rl_lc_appendf(buf, len, "%s", num);
		else if (fabs(c - 1.0) < 1e-12)
			rl_lc_appendf(buf, len, "%s", mono);
		else
			rl_lc_appendf(buf, len, "%s*%s", num, mono);
	}
	if (!buf[0])
		snprintf(buf, len, "0");
}
