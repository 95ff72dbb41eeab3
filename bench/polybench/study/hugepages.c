/* LD_PRELOAD shim: posix_memalign with 2 MiB alignment and madvise(MADV_HUGEPAGE), so that
 * PolyBench's arrays (allocated by posix_memalign in utilities/polybench.c) get transparent
 * 2 MiB pages on a host whose THP mode is "madvise".  Used to separate the address-translation
 * cost of a kernel from the rest (docs/polybench.md, "Why LARGE is slower than predicted").
 *   gcc -O2 -shared -fPIC -o hugepages.so hugepages.c
 *   LD_PRELOAD=./hugepages.so ./kernel */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <dlfcn.h>
#include <sys/mman.h>

static struct { void *p; size_t len; } maps[64];

static void remember(void *p, size_t len)
{
	for (int i = 0; i < 64; i++)
		if (!maps[i].p) {
			maps[i].p = p;
			maps[i].len = len;
			return;
		}
}

void free(void *p)
{
	static void (*real_free)(void *);

	for (int i = 0; p && i < 64; i++)
		if (maps[i].p == p) {
			munmap(p, maps[i].len);
			maps[i].p = NULL;
			return;
		}
	if (!real_free)
		real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	real_free(p);
}

int posix_memalign(void **p, size_t align, size_t size)
{
	const size_t huge = 2u << 20;
	size_t len = (size + huge - 1) & ~(huge - 1);
	void *m;

	(void)align;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return ENOMEM;
	if ((size_t)m & (huge - 1)) {	/* realign: map more and trim */
		munmap(m, len);
		m = mmap(NULL, len + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
		if (m == MAP_FAILED)
			return ENOMEM;
		m = (void *)(((size_t)m + huge - 1) & ~(huge - 1));
	}
	madvise(m, len, MADV_HUGEPAGE);
	remember(m, len);
	*p = m;
	return 0;
}
