/* SPDX-License-Identifier: GPL-2.0 */
/* Large frames in places that must never be instrumented. */
#define noinline __attribute__((noinline, noclone))
#define LARGE(name, sect)				\
	noinline __attribute__((section(sect))) void name(void) \
	{						\
		char buf[512];				\
		use(buf);				\
	}

void use(char *p);

LARGE(in_noinstr, ".noinstr.text")
LARGE(in_entry, ".entry.text")
LARGE(in_init, ".init.text")
LARGE(in_exit, ".exit.text")
LARGE(in_meminit, ".meminit.text")
LARGE(in_head, ".head.text")
LARGE(in_cpuidle, ".cpuidle.text")

/* The runtime itself. */
noinline void stackleak_erase(void)
{
	char buf[512];

	use(buf);
}

noinline void stackleak_erase_on_task_stack(void)
{
	char buf[512];

	use(buf);
}

noinline void stackleak_check_alloca(unsigned long size)
{
	char *p = __builtin_alloca(size);

	use(p);
}

/* Control: an ordinary section is instrumented. */
LARGE(in_text_other, ".text.other")

/*
 * An allocation in entry code (the randomized stack offset in
 * do_syscall_64()) is tracked, but nothing else there is.
 */
__attribute__((section(".noinstr.text"))) noinline void noinstr_alloca(unsigned long n)
{
	char buf[512];
	char *p = __builtin_alloca(n);

	use(p);
	use(buf);
}
