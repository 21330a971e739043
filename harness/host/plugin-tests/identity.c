/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions whose frames stay below the threshold: with the plugin they must
 * compile to the same bytes as without it (the entry asm is removed before
 * register allocation results or shrink wrapping can be affected).
 */
#include <stddef.h>

struct node {
	struct node *next;
	int key;
	int val;
};

struct pair {
	long a, b, c;
};

int ext(int x);
void use(char *p);
void sink(struct pair p);

int add(int a, int b)
{
	return a + b;
}

size_t my_strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

struct node *find(struct node *n, int key)
{
	for (; n; n = n->next)
		if (n->key == key)
			return n;
	return NULL;
}

int sum_list(struct node *n)
{
	int s = 0;

	while (n) {
		s += n->val;
		n = n->next;
	}
	return s;
}

/* Shrink-wrapping candidate: only the slow path needs a frame. */
int maybe_call(int x)
{
	if (x < 10)
		return x;
	return ext(x) + ext(x + 1);
}

int many_calls(int x)
{
	int a = ext(x), b = ext(a), c = ext(b), d = ext(c);

	return a + b * c - d;
}

int classify(int x)
{
	switch (x) {
	case 0: return 7;
	case 1: return ext(1);
	case 2: return 11;
	case 3: return ext(3) * 2;
	case 4: return 13;
	case 5: return 17;
	default: return -1;
	}
}

void small_buf(void)
{
	char buf[32];

	use(buf);
}

long pass_struct(long a)
{
	struct pair p = { a, a * 2, a * 3 };

	sink(p);
	return p.a + p.c;
}

unsigned int crc_step(unsigned int crc, const unsigned char *d, size_t n)
{
	while (n--) {
		int i;

		crc ^= *d++;
		for (i = 0; i < 8; i++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return crc;
}

int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

void copy_words(long *dst, const long *src, int n)
{
	int i;

	for (i = 0; i < n; i++)
		dst[i] = src[i] + 1;
}

int callee_saved(int x)
{
	int a = ext(x);
	int b = ext(x + a);

	return a * b + x;
}

int many_args(int a, int b, int c, int d, int e, int f, int g, int h)
{
	return ext(a + h) + b * c + d * e + f * g;
}
