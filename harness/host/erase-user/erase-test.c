// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the real STACKLEAK erase routine (arch/x86/entry/erase.S,
 * assembled unchanged with the shim headers in include/) in user space.
 *
 * A 16 KiB-aligned fake task stack sits between two 16 KiB guard areas.
 * Each scenario fills the stack to simulate a state, sets the fake task's
 * lowest_stack, calls stackleak_erase through erase_call() (erase-glue.S)
 * and compares every word of the three areas with what the design says,
 * then checks the registers, the direction flag and the reset mark.
 *
 * Normally the erase runs from this program's own stack, so it takes the
 * off-task-stack path of the 64-bit exits: the dead area is everything
 * between the low bound (top - THREAD_SIZE + 8, above the STACK_END_MAGIC
 * word) and pt_regs (top - PTREGS_SIZE). The on-task-stack scenarios switch
 * %rsp into the fake stack first, as the compat exit does.
 *
 * The fake task has lowest_stack and prev_lowest_stack at the fixed
 * offsets of the shim's asm-offsets.h; the second is in use when erase.S
 * was assembled with CONFIG_STACKLEAK_METRICS (the glue exports its offset,
 * and whether CONFIG_STACKLEAK_RUNTIME_DISABLE was set). Every call checks
 * all its words against the design: after an erase, lowest_stack reset to
 * top - PTREGS_SIZE and prev_lowest_stack = the mark before the reset
 * (METRICS); with erasing off (RUNTIME_DISABLE) nothing at all changes,
 * the mark included; every other word unchanged. A task starts with both
 * at top - PTREGS_SIZE and erasing on, so the scenarios of the plain build
 * expect the same there in every configuration. The scenarios named off-*
 * exist with RUNTIME_DISABLE only.
 *
 * Every scenario runs in a child process, so a stray access is a FAIL of
 * that scenario. Output: "PASS: name[: note]" / "FAIL: name: why" per
 * scenario, then "N passed, M failed"; exit status 1 if anything failed.
 * Arguments: [-d DIR] [name...]: run only the scenarios named; -d writes
 * each scenario's final memory (three areas, the erase's own frame
 * zeroed) to DIR/name, for comparing builds. -l lists the scenarios this
 * build has.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Layout shared with erase-glue.S (R_* offsets). */
struct erase_regs {
	unsigned long rax, rbx, rcx, rdx, rsi, rdi, rbp;
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
	unsigned long flags, rsp;
};
#define NGPR 15
static const char *const gpr_names[NGPR] = {
	"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
};
#define X86_EFLAGS_DF (1UL << 10)

/* From erase-glue.S: the values erase.S was assembled with. */
extern const unsigned long erase_user_poison, erase_user_run_words;
extern const unsigned long erase_user_min_size;
extern const unsigned long erase_user_ptregs_size, erase_user_thread_size;
extern const long erase_user_task_lowest_stack, erase_user_task_prev_lowest_stack;
extern const long erase_user_runtime_disable, erase_user_task_stack;
extern unsigned long erase_call_saved_rsp;
void erase_call(const struct erase_regs *in, struct erase_regs *out, void *stack);

/* Read by erase.S through PER_CPU_VAR(): plain globals here. */
unsigned long cpu_current_top_of_stack;
unsigned long *current_task;
/* Read by erase.S with CONFIG_STACKLEAK_RUNTIME_DISABLE: nonzero, erasing off. */
bool stackleak_erase_off;

/*
 * The fake task_struct. LS and PREV are the word indices of lowest_stack
 * and prev_lowest_stack (-1: not in this configuration); the other words
 * hold TASK_SENTINEL | index. RD: erase.S tests stackleak_erase_off.
 */
#define TASK_WORDS 8
static unsigned long fake_task[TASK_WORDS];
static long LS, PREV = -1, STK, RD;
#define TASK_SENTINEL	0x7a5c7a5c00000000UL

/* Patterns: the high half names the kind, the low half the word index. */
#define GUARD	0x6a6a6a6a00000000UL	/* outside the task stack */
#define PTREGS	0x5e5e5e5e00000000UL	/* pt_regs at the top */
#define DIRT	0xd1d1d1d100000000UL	/* stack used by the syscall */
#define LIVE	0x1f1f1f1f00000000UL	/* live frames above %rsp (compat) */
#define STACK_END_MAGIC	0x57AC6E9DUL

/*
 * erase.S pushes eight registers: with the return address its frame is nine
 * words below the caller's %rsp. Used only to locate the erase's own frame
 * in the on-task-stack scenarios; change it if erase.S pushes more.
 */
#define ERASE_FRAME_WORDS 9

static unsigned long POISON, RUN, THREAD, PTREGS_SIZE;
static unsigned long base;		/* guard | stack | guard */
static unsigned long nwords;
static unsigned long *expect;		/* what every word should be after the call */
static unsigned long stk, top, low, high;
/* Words not compared: the erase's own frame on the fake stack. */
static unsigned long skip_from, skip_to;
static char why[1024];
/* -d DIR: where each scenario's final memory goes; set once it set memory up. */
static const char *dump_dir;
static int memory_set;

#define W sizeof(unsigned long)

static unsigned long *at(unsigned long *arr, unsigned long addr)
{
	return arr + (addr - base) / W;
}

static unsigned long *mem(unsigned long addr)
{
	return (unsigned long *)addr;
}

/* set(arr, from, to, kind): words [from, to) become kind | index (poison, 0: as is). */
static void set(unsigned long *arr, unsigned long from, unsigned long to, unsigned long kind)
{
	for (unsigned long a = from; a < to; a += W)
		*at(arr, a) = kind == POISON || !kind ? kind : kind | ((a - base) / W);
}

/* Both now (the initial state) and in the expected state. */
static void set_both(unsigned long from, unsigned long to, unsigned long kind)
{
	set((unsigned long *)base, from, to, kind);
	set(expect, from, to, kind);
}

static const char *where(unsigned long a)
{
	static char buf[4][64];
	static int n;
	char *b = buf[n++ % 4];
	const char *what = a < stk ? "guard below" : a == stk ? "STACK_END_MAGIC" :
			   a < high ? "dead area" : a < top ? "pt_regs" : "guard above";

	if (a < base || a >= base + nwords * W)
		snprintf(b, 64, "%#lx (outside the fake stack)", a);
	else if (a >= top)
		snprintf(b, 64, "top+%#lx (%s)", a - top, what);
	else
		snprintf(b, 64, "top-%#lx (%s)", top - a, what);
	return b;
}

static const char *kind(unsigned long v)
{
	if (v == POISON)
		return "poison";
	switch (v & 0xffffffff00000000UL) {
	case GUARD: return "guard";
	case PTREGS: return "pt_regs";
	case DIRT: return "dirt";
	case LIVE: return "live";
	}
	return v == STACK_END_MAGIC ? "magic" : v == 0 ? "zero" : "other";
}

/* A task after an exit to user space: every mark at the top. */
static void task_init(void)
{
	for (long i = 0; i < TASK_WORDS; i++)
		fake_task[i] = TASK_SENTINEL | i;
	fake_task[LS] = high;
	if (PREV >= 0)
		fake_task[PREV] = high;
	fake_task[STK] = stk;
}

/*
 * A clean task stack since the previous erase: STACK_END_MAGIC at the
 * bottom, poison up to pt_regs, guard patterns around it; a new task.
 */
static void clean_stack(void)
{
	task_init();
	memory_set = 1;
	set_both(base, stk, GUARD);
	set_both(stk, stk + W, 0);
	*mem(stk) = expect[(stk - base) / W] = STACK_END_MAGIC;
	set_both(low, high, POISON);
	set_both(high, top, PTREGS);
	set_both(top, base + nwords * W, GUARD);
	skip_from = skip_to = 0;
}

/* Compare every word with expect[]; say where they first differ. */
static int check_memory(void)
{
	unsigned long bad = 0, first = 0, last = 0;

	for (unsigned long a = base; a < base + nwords * W; a += W) {
		if (a >= skip_from && a < skip_to)
			continue;
		if (*mem(a) != *at(expect, a)) {
			if (!bad++)
				first = a;
			last = a;
		}
	}
	if (!bad)
		return 0;
	snprintf(why, sizeof(why),
		 "%lu word(s) wrong from %s to %s; first: %s where %s was expected",
		 bad, where(first), where(last), kind(*mem(first)), kind(*at(expect, first)));
	return 1;
}

static const char *field(long i)
{
	static char buf[32];

	if (i == LS)
		return "lowest_stack";
	if (i == PREV)
		return "prev_lowest_stack";
	snprintf(buf, sizeof(buf), "fake task word %ld", i);
	return buf;
}

/* Prefix why[] with which step of a scenario failed; returns 1. */
static int step(const char *fmt, ...)
{
	char head[256], rest[sizeof(why)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(head, sizeof(head), fmt, ap);
	va_end(ap);
	snprintf(rest, sizeof(rest), "%s", why);
	snprintf(why, sizeof(why), "%.255s: %.760s", head, rest);
	return 1;
}

/*
 * Call the erase with the fake task as it is, erasing off if off (with
 * CONFIG_STACKLEAK_RUNTIME_DISABLE), from our own stack (rsp == 0) or with
 * %rsp = rsp inside the fake stack. Checks registers, the direction flag,
 * %rsp after the return, memory, then every word of the fake task.
 */
static int erase_do(int off, unsigned long rsp, unsigned long seed)
{
	struct erase_regs in, out;
	unsigned long *iv = &in.rax, *ov = &out.rax;
	unsigned long want[TASK_WORDS];

	for (int i = 0; i < NGPR; i++)
		iv[i] = (0xa5UL << 56) ^ (seed << 32) ^ ((unsigned long)(i + 1) * 0x01010101UL);
	memset(&out, 0, sizeof(out));
	memcpy(want, fake_task, sizeof(want));
	if (!off) {
		want[LS] = high;
		if (PREV >= 0)
			want[PREV] = fake_task[LS];
	}
	stackleak_erase_off = off;
	erase_call(&in, &out, (void *)rsp);
	stackleak_erase_off = 0;

	for (int i = 0; i < NGPR; i++) {
		if (ov[i] != iv[i]) {
			snprintf(why, sizeof(why), "%%%s not preserved: %#lx -> %#lx",
				 gpr_names[i], iv[i], ov[i]);
			return 1;
		}
	}
	if (out.flags & X86_EFLAGS_DF) {
		snprintf(why, sizeof(why), "direction flag set on return");
		return 1;
	}
	if (out.rsp != (rsp ? rsp : erase_call_saved_rsp)) {
		snprintf(why, sizeof(why), "%%rsp after the call off by %ld",
			 (long)(out.rsp - (rsp ? rsp : erase_call_saved_rsp)));
		return 1;
	}
	if (check_memory())
		return 1;
	for (long i = 0; i < TASK_WORDS; i++) {
		if (fake_task[i] == want[i])
			continue;
		if (i == LS && off)
			snprintf(why, sizeof(why), "lowest_stack changed with erasing off: %s -> %s",
				 where(want[i]), where(fake_task[i]));
		else if (i == LS)
			snprintf(why, sizeof(why), "lowest_stack reset to %s, not to top-PTREGS_SIZE",
				 where(fake_task[i]));
		else if (i == PREV)
			snprintf(why, sizeof(why), "%s is %s, expected %s", field(i),
				 where(fake_task[i]), where(want[i]));
		else
			snprintf(why, sizeof(why), "%s changed: %#lx -> %#lx", field(i),
				 want[i], fake_task[i]);
		return 1;
	}
	return 0;
}

/* Erasing on, lowest_stack = mark (a plain build's erase). */
static int erase(unsigned long mark, unsigned long rsp, unsigned long seed)
{
	fake_task[LS] = mark;
	return erase_do(0, rsp, seed);
}

/* Erasing off, lowest_stack = mark. */
static int erase_off(unsigned long mark, unsigned long rsp, unsigned long seed)
{
	fake_task[LS] = mark;
	return erase_do(1, rsp, seed);
}

/*
 * ---- scenarios: return 0 to pass, else 1 with why[] set ----------------
 * (on a pass, text in why[] replaces the scenario's note)
 */

/* The design property the run length rests on (include/linux/stackleak.h). */
static int sc_run_length(void)
{
	if (RUN * W > erase_user_min_size && RUN * W >= 128) {
		snprintf(why, sizeof(why), "%lu words (%lu bytes) > CONFIG_STACKLEAK_TRACK_MIN_SIZE %lu",
			 RUN, RUN * W, erase_user_min_size);
		return 0;
	}
	snprintf(why, sizeof(why), "%lu words is not longer than an untracked frame (%lu bytes)",
		 RUN, erase_user_min_size);
	return 1;
}

/* (a) A syscall used the stack down to the mark: all of it is erased. */
static int sc_dirt_to_mark(void)
{
	unsigned long mark = high - 2048;

	clean_stack();
	set_both(mark, high, DIRT);
	set(expect, mark, high, POISON);
	/* Far below the run under the mark: must be left alone (not scanned to). */
	set_both(mark - 1024, mark - 1016, DIRT);
	return erase(mark, 0, 1);
}

/* (a) Everything down to the low bound used: filled, magic intact. */
static int sc_dirt_to_bottom(void)
{
	clean_stack();
	set_both(low, high, DIRT);
	set(expect, low, high, POISON);
	return erase(low, 0, 2);
}

/* (b) Untracked frames up to 120 bytes below the mark, with short holes. */
static int sc_short_holes(void)
{
	unsigned long mark = high - 2048;

	clean_stack();
	set_both(mark - 120, high, DIRT);
	set_both(mark - 112, mark - 64, POISON);	/* 6-word hole */
	set_both(mark - 56, mark, POISON);		/* 7-word hole */
	set_both(mark + 64, mark + 64 + (RUN + 4) * W, POISON); /* above: not scanned */
	set(expect, mark - 120, high, POISON);
	set_both(mark - 1024, mark - 1016, DIRT);	/* below the run: untouched */
	return erase(mark, 0, 3);
}

/* (b) The longest hole the run length tolerates: RUN - 1 words. */
static int sc_hole_run_minus_1(void)
{
	unsigned long mark = high - 2048;
	unsigned long hole = mark - (RUN - 1) * W;

	clean_stack();
	set_both(mark, high, DIRT);
	set_both(hole - 3 * W, hole, DIRT);
	set(expect, hole - 3 * W, high, POISON);
	return erase(mark, 0, 4);
}

/*
 * (c) A hole of RUN poison words inside the used area below the mark: the
 * erase takes it for the start of the still poisoned area and stops there,
 * the dirt below it stays. That is the design: the tracker records every
 * frame of CONFIG_STACKLEAK_TRACK_MIN_SIZE or more, so untracked writes
 * below the mark cannot enclose a hole that long.
 */
static int sc_hole_run_length(void)
{
	unsigned long mark = high - 2048;
	unsigned long hole = mark - RUN * W;

	clean_stack();
	set_both(mark, high, DIRT);
	set_both(hole - 3 * W, hole, DIRT);	/* stays: below the run */
	set(expect, mark, high, POISON);
	return erase(mark, 0, 5);
}

/* (d) A fresh stack of zeros, mark at the bottom as stackleak_task_init() sets. */
static int sc_fresh_zero_stack(void)
{
	clean_stack();
	set_both(low, high, 0);
	set(expect, low, high, POISON);
	return erase(low, 0, 6);
}

/* The same with the mark at the top: the search finds no poison, the same fill. */
static int sc_fresh_zero_stack_top(void)
{
	clean_stack();
	set_both(low, high, 0);
	set(expect, low, high, POISON);
	return erase(high, 0, 6);
}

/* Poison too close to the bottom to be a run: filled from the bottom. */
static int sc_near_bottom(void)
{
	clean_stack();
	set_both(low + (RUN - 1) * W, high, DIRT);
	set(expect, low, high, POISON);
	return erase(low + 4096, 0, 7);
}

/*
 * (e) Marks outside the dead area are clamped. A run of poison beyond the
 * bound makes a missing clamp visible: the search would find it and fill
 * nothing, leaving the dirt.
 */
static int sc_mark_above_top(void)
{
	clean_stack();
	set_both(top + 1024, top + 1024 + RUN * W, POISON);
	set_both(high - 512, high, DIRT);
	set(expect, high - 512, high, POISON);
	return erase(top + 4096, 0, 8);
}

static int sc_mark_in_ptregs(void)
{
	clean_stack();
	set_both(high + 8, high + 8 + RUN * W, POISON);	/* may reach into the guard */
	set_both(high - 512, high, DIRT);
	set(expect, high - 512, high, POISON);
	return erase(top - W, 0, 9);
}

static int sc_mark_max(void)
{
	clean_stack();
	set_both(high - 512, high, DIRT);
	set(expect, high - 512, high, POISON);
	return erase(~0UL, 0, 10);
}

static int sc_mark_below_low(void)
{
	clean_stack();
	set_both(stk - 2048, stk - 2048 + RUN * W, POISON);
	set_both(low, high, DIRT);
	set(expect, low, high, POISON);
	return erase(stk - 1024, 0, 11);
}

static int sc_mark_at_magic(void)
{
	clean_stack();
	set_both(low, high, DIRT);
	set(expect, low, high, POISON);
	return erase(stk, 0, 12);
}

static int sc_mark_zero(void)
{
	clean_stack();
	set_both(low, high, DIRT);
	set(expect, low, high, POISON);
	return erase(0, 0, 13);
}

/*
 * (f) Registers: erase() checks them (and DF) on every call; here through
 * the longest path, three false starts (holes of RUN - 1 words) before the
 * run, then again through the short path with other register values.
 */
static int sc_registers(void)
{
	unsigned long mark = high - 4096;

	clean_stack();
	set_both(mark - 4 * RUN * W, high, DIRT);
	for (unsigned long i = 1; i < 4; i++)
		set_both(mark - i * RUN * W, mark - i * RUN * W + (RUN - 1) * W, POISON);
	set(expect, mark - 4 * RUN * W, high, POISON);
	if (erase(mark, 0, 14))
		return 1;
	set_both(mark, high, DIRT);
	set(expect, mark, high, POISON);
	return erase(mark, 0, 0xffff);
}

/* (g) The mark is reset, and the next erase starts from the top again. */
static int sc_mark_reset(void)
{
	unsigned long mark = high - 3000;

	clean_stack();
	set_both(mark & -W, high, DIRT);
	set(expect, mark & -W, high, POISON);
	if (erase(mark & -W, 0, 15))
		return 1;
	/* Next syscall: only untracked small frames right below pt_regs. */
	set_both(high - 96, high, DIRT);
	set(expect, high - 96, high, POISON);
	return erase(fake_task[LS], 0, 16);
}

/*
 * On the task stack (compat SYSRET, Xen PV): %rsp = S inside the fake
 * stack, live frames from S up to pt_regs. Everything below the erase's
 * own frame is dead; nothing at or above S may change. A poison run in a
 * live frame (an uninitialised local array) must not be taken for the
 * boundary even when the mark is above S.
 */
static int on_task_stack(unsigned long s, unsigned long mark, unsigned long dirt_from,
			 unsigned long seed)
{
	unsigned long frame = s - ERASE_FRAME_WORDS * W;

	clean_stack();
	set_both(s, high, LIVE);
	set_both(s + 256, s + 256 + (RUN + 2) * W, POISON);
	set_both(dirt_from, s, DIRT);
	set(expect, dirt_from, frame, POISON);
	/* The return address and saved registers: checked apart. */
	skip_from = frame;
	skip_to = s;
	if (erase(mark, s, seed))
		return 1;
	for (unsigned long a = frame; a < s; a += W) {
		if (*mem(a) == POISON) {
			snprintf(why, sizeof(why), "poison written at %s, in the erase's own frame",
				 where(a));
			return 1;
		}
	}
	return 0;
}

static int sc_on_task_stack(void)
{
	unsigned long s = top - 2048;

	return on_task_stack(s, s - 2048, s - 2048, 17);
}

static int sc_on_task_stack_mark_above_rsp(void)
{
	unsigned long s = top - 2048;

	return on_task_stack(s, high, s - 1024, 18);
}

static int sc_on_task_stack_low(void)
{
	unsigned long s = low + 512;

	return on_task_stack(s, high, low, 19);
}

/*
 * Random stacks against the design's rule: the fill starts right above the
 * highest run of STACKLEAK_RUN_WORDS poison words that lies below the mark,
 * or at the bottom if there is none. Dirty words and holes of every length
 * from 1 to 3 runs, the mark anywhere (also outside the stack), sometimes
 * poison in pt_regs too, as user space can load it into its registers.
 */
static unsigned long rnd_state = 0x9e3779b97f4a7c15UL;

static unsigned long rnd(unsigned long n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state % n;
}

static unsigned long model_fill_start(unsigned long mark)
{
	unsigned long s = mark < low ? low : mark > high ? high : mark;
	unsigned long n = 0;

	for (unsigned long a = s; a > low; ) {
		a -= W;
		n = *mem(a) == POISON ? n + 1 : 0;
		if (n == RUN)
			return a + RUN * W;
	}
	return low;
}

#define RANDOM_STATES 20000

static int sc_random_states(void)
{
	for (unsigned long i = 0; i < RANDOM_STATES; i++) {
		unsigned long clean = low + rnd(high - low + W) / W * W;
		unsigned long a = clean, mark, start;

		clean_stack();
		/* Dirt and holes above a clean level, short and long. */
		while (a < high) {
			unsigned long n = 1 + rnd(rnd(4) ? 24 : 3 * RUN);

			if (a + n * W > high)
				n = (high - a) / W;
			if (rnd(3))
				set_both(a, a + n * W, DIRT);
			a += n * W;
		}
		if (!rnd(8))
			set_both(high, top, POISON);
		switch (rnd(4)) {
		case 0:
			mark = low + rnd(high - low + W) / W * W;
			break;
		case 1:
			mark = clean + rnd(64) * W;
			break;
		case 2:
			mark = rnd(2) ? low - W * rnd(4) : high + W * rnd(4);
			break;
		default:
			mark = high - rnd(64) * W;
			break;
		}
		start = model_fill_start(mark);
		set(expect, start, high, POISON);
		if (erase(mark, 0, i & 0xffff))
			return step("state %lu: clean from top-%#lx, mark %s, expected fill from %s",
				    i, top - clean, where(mark), where(start));
	}
	snprintf(why, sizeof(why), "%d states", RANDOM_STATES);
	return 0;
}

/*
 * ---- CONFIG_STACKLEAK_RUNTIME_DISABLE: kernel.stack_erasing=0 ----------
 * Erasing off, an exit changes nothing but the return address its call
 * pushed: not the stack, not the mark, which keeps the deepest point since
 * the last erase; the first erase after erasing is back on searches from
 * there.
 */

/* Nothing changes on the stack, whatever it holds, nor the mark. */
static int sc_off_no_erase(void)
{
	unsigned long mark = high - 2048;

	clean_stack();
	set_both(low, low + 512, DIRT);
	set_both(mark - 120, high, DIRT);
	set_both(mark + 512, mark + 512 + (RUN + 2) * W, POISON);
	return erase_off(mark, 0, 21);
}

/*
 * Several exits with erasing off while the tracker lowers the mark between
 * them (as a deeper syscall does): the erase leaves it where it is.
 */
static int sc_off_keeps_mark(void)
{
	unsigned long a = high - 1024, b = high - 3072;

	clean_stack();
	set_both(b, high, DIRT);
	if (erase_off(a, 0, 22))
		return step("1st exit, mark top-%#lx", top - a);
	if (erase_off(b, 0, 23))
		return step("2nd exit, deeper mark top-%#lx", top - b);
	if (erase_do(1, 0, 24))
		return step("3rd exit, the mark as the 2nd left it");
	if (fake_task[LS] != b)	/* erase_do() checks it; said plainly */
		return step("the mark is %s, not top-%#lx", where(fake_task[LS]), top - b);
	return 0;
}

/*
 * The case the flag's semantics serve: a deep syscall while erasing is
 * off, with a large local buffer it never wrote (a run of poison in the
 * middle of what it used), then erasing back on and a shallow syscall,
 * which does not raise the mark. A search from the shallow syscall's depth
 * would stop at the buffer and leave the deep syscall's data below it;
 * from the kept mark it erases it all. Then the next exit is an ordinary
 * one again.
 */
static int sc_off_then_on(void)
{
	unsigned long deep = high - 3072, shallow = high - 512, buf = high - 2048;

	clean_stack();
	set_both(deep - 1024, deep - 1016, DIRT);	/* below a run: never erased */
	set_both(deep - 120, high, DIRT);		/* untracked frames below the mark */
	set_both(deep - 112, deep - 64, POISON);	/* 6-word hole */
	set_both(buf, buf + (RUN + 2) * W, POISON);
	if (erase_off(deep, 0, 26))
		return step("exit 1, erasing off, mark top-%#lx", top - deep);
	set_both(shallow, high, DIRT);
	set(expect, deep - 120, high, POISON);
	if (erase_do(0, 0, 27))
		return step("exit 2, erasing on again, mark kept at top-%#lx", top - deep);
	set_both(high - 256, high, DIRT);
	set(expect, high - 256, high, POISON);
	if (erase(high - 256, 0, 28))
		return step("exit 3, erasing on, mark top-%#lx", top - (high - 256));
	return 0;
}

/*
 * The same on the task stack (compat SYSRET, Xen PV), both exits from
 * %rsp = S: the deep data lies below the live frames and the erase's own
 * frame; the unwritten buffer just below S would stop a search from S.
 */
static int sc_off_then_on_task_stack(void)
{
	unsigned long s = top - 2048, frame = s - ERASE_FRAME_WORDS * W;
	unsigned long deep = s - 3072, buf = s - 1024;

	clean_stack();
	set_both(s, high, LIVE);
	set_both(s + 256, s + 256 + (RUN + 2) * W, POISON);	/* a live buffer */
	set_both(deep, s, DIRT);
	set_both(buf, buf + (RUN + 2) * W, POISON);
	skip_from = frame;
	skip_to = s;
	if (erase_off(deep, s, 29))
		return step("exit 1, erasing off, mark top-%#lx", top - deep);
	set_both(s - 256, s, DIRT);
	set(expect, deep, frame, POISON);
	if (erase_do(0, s, 30))
		return step("exit 2, erasing on again, mark kept at top-%#lx", top - deep);
	for (unsigned long a = frame; a < s; a += W) {
		if (*mem(a) == POISON) {
			snprintf(why, sizeof(why), "poison written at %s, in the erase's own frame",
				 where(a));
			return 1;
		}
	}
	return 0;
}

/*
 * Registers, the direction flag and %rsp on the off path (erase_do()
 * checks them on every call), from our stack and from the task stack,
 * where nothing but the return address of the call may change: the off
 * path saves no register.
 */
static int sc_off_registers(void)
{
	unsigned long s = top - 2048;

	clean_stack();
	set_both(high - 2048, high, DIRT);
	if (erase_off(high - 2048, 0, 33))
		return step("from our stack");
	clean_stack();
	set_both(s, high, LIVE);
	set_both(s - 1024, s, DIRT);
	skip_from = s - W;
	skip_to = s;
	if (erase_off(s - 1024, s, 34))
		return step("on the task stack, mark below %%rsp");
	if (erase_off(high, s, 35))
		return step("on the task stack, mark at the top");
	return 0;
}

struct scenario {
	const char *name;
	int (*fn)(void);
	const char *note;
	int runtime_disable;	/* needs CONFIG_STACKLEAK_RUNTIME_DISABLE */
};

static const struct scenario scenarios[] = {
	{ "run-length", sc_run_length, NULL, 0 },
	{ "dirt-to-mark", sc_dirt_to_mark, NULL, 0 },
	{ "dirt-to-bottom", sc_dirt_to_bottom, NULL, 0 },
	{ "short-holes", sc_short_holes, NULL, 0 },
	{ "hole-run-minus-1", sc_hole_run_minus_1, NULL, 0 },
	{ "hole-run-length", sc_hole_run_length,
	  "dirt below a run of STACKLEAK_RUN_WORDS poison words stays (by design)", 0 },
	{ "fresh-zero-stack", sc_fresh_zero_stack, NULL, 0 },
	{ "fresh-zero-stack-top", sc_fresh_zero_stack_top, NULL, 0 },
	{ "near-bottom", sc_near_bottom, NULL, 0 },
	{ "mark-above-top", sc_mark_above_top, NULL, 0 },
	{ "mark-in-ptregs", sc_mark_in_ptregs, NULL, 0 },
	{ "mark-max", sc_mark_max, NULL, 0 },
	{ "mark-below-low", sc_mark_below_low, NULL, 0 },
	{ "mark-at-magic", sc_mark_at_magic, NULL, 0 },
	{ "mark-zero", sc_mark_zero, NULL, 0 },
	{ "registers", sc_registers, NULL, 0 },
	{ "mark-reset", sc_mark_reset, NULL, 0 },
	{ "on-task-stack", sc_on_task_stack, NULL, 0 },
	{ "on-task-stack-mark-above-rsp", sc_on_task_stack_mark_above_rsp, NULL, 0 },
	{ "on-task-stack-low", sc_on_task_stack_low, NULL, 0 },
	{ "random-states", sc_random_states, NULL, 0 },
	{ "off-no-erase", sc_off_no_erase, NULL, 1 },
	{ "off-keeps-mark", sc_off_keeps_mark, NULL, 1 },
	{ "off-then-on", sc_off_then_on, NULL, 1 },
	{ "off-then-on-task-stack", sc_off_then_on_task_stack, NULL, 1 },
	{ "off-registers", sc_off_registers, NULL, 1 },
};
#define NSCEN (sizeof(scenarios) / sizeof(scenarios[0]))

static int available(const struct scenario *sc)
{
	return !sc->runtime_disable || RD;
}

static int wanted(const struct scenario *sc, int argc, char **argv)
{
	if (!available(sc))
		return 0;
	if (argc < 1)
		return 1;
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], sc->name))
			return 1;
	return 0;
}

/* -d: the three areas as the scenario left them, its erase's frame zeroed. */
static void dump(const char *name)
{
	char path[4096];
	FILE *f;

	if (!dump_dir || !memory_set)
		return;
	for (unsigned long a = skip_from; a < skip_to; a += W)
		*mem(a) = 0;
	snprintf(path, sizeof(path), "%s/%s", dump_dir, name);
	f = fopen(path, "w");
	if (!f || fwrite((void *)base, W, nwords, f) != nwords || fclose(f))
		perror(path);
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, list = 0;
	int opt;

	while ((opt = getopt(argc, argv, "d:l")) != -1) {
		switch (opt) {
		case 'd':
			dump_dir = optarg;
			break;
		case 'l':
			list = 1;
			break;
		default:
			fprintf(stderr, "usage: %s [-l] [-d DIR] [scenario...]\n", argv[0]);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;

	POISON = erase_user_poison;
	RUN = erase_user_run_words;
	THREAD = erase_user_thread_size;
	PTREGS_SIZE = erase_user_ptregs_size;
	LS = erase_user_task_lowest_stack;
	PREV = erase_user_task_prev_lowest_stack;
	RD = erase_user_runtime_disable;
	PREV = PREV < 0 ? -1 : PREV / (long)W;
	LS /= W;
	STK = erase_user_task_stack / (long)W;
	if (LS < 0 || LS >= TASK_WORDS || PREV >= TASK_WORDS ||
	    erase_user_task_lowest_stack % W || LS == PREV ||
	    STK == LS || STK == PREV || STK >= TASK_WORDS || erase_user_task_stack % W) {
		printf("FAIL: fake-task: asm-offsets.h offsets %ld %ld %ld do not fit %d distinct words\n",
		       erase_user_task_lowest_stack, erase_user_task_prev_lowest_stack,
		       erase_user_task_stack, TASK_WORDS);
		return 2;
	}
	if (list) {
		for (size_t i = 0; i < NSCEN; i++)
			if (available(&scenarios[i]))
				puts(scenarios[i].name);
		return 0;
	}
	printf("# erase.S: STACKLEAK_POISON %#lx, STACKLEAK_RUN_WORDS %lu"
	       " (CONFIG_STACKLEAK_TRACK_MIN_SIZE=%lu), THREAD_SIZE %lu, PTREGS_SIZE %lu\n",
	       POISON, RUN, erase_user_min_size, THREAD, PTREGS_SIZE);
	printf("# fake task: lowest_stack +%ld", LS * (long)W);
	if (PREV >= 0)
		printf(", prev_lowest_stack +%ld", PREV * (long)W);
	else
		printf(", no prev_lowest_stack (CONFIG_STACKLEAK_METRICS off)");
	printf(RD ? ", erasing can be off (CONFIG_STACKLEAK_RUNTIME_DISABLE)\n" :
		    ", no CONFIG_STACKLEAK_RUNTIME_DISABLE\n");

	nwords = 3 * THREAD / W;
	base = (unsigned long)aligned_alloc(THREAD, 3 * THREAD);
	expect = malloc(3 * THREAD);
	if (!base || !expect) {
		perror("alloc");
		return 2;
	}
	stk = base + THREAD;
	top = stk + THREAD;
	low = stk + W;
	high = top - PTREGS_SIZE;
	cpu_current_top_of_stack = top;
	current_task = fake_task;
	fflush(stdout);

	for (size_t i = 0; i < NSCEN; i++) {
		const struct scenario *sc = &scenarios[i];
		int status;
		pid_t pid;

		if (!wanted(sc, argc, argv))
			continue;
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 2;
		}
		if (pid == 0) {
			why[0] = 0;
			if (sc->fn()) {
				printf("FAIL: %s: %s\n", sc->name, why);
				dump(sc->name);
				exit(1);
			}
			if (why[0])
				printf("PASS: %s: %s\n", sc->name, why);
			else if (sc->note)
				printf("PASS: %s: %s\n", sc->name, sc->note);
			else
				printf("PASS: %s\n", sc->name);
			dump(sc->name);
			exit(0);
		}
		if (waitpid(pid, &status, 0) < 0) {
			perror("waitpid");
			return 2;
		}
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
			passed++;
		} else {
			failed++;
			if (WIFSIGNALED(status))
				printf("FAIL: %s: crashed with signal %d (%s)\n", sc->name,
				       WTERMSIG(status), strsignal(WTERMSIG(status)));
			else if (WEXITSTATUS(status) != 1)
				printf("FAIL: %s: exit status %d\n", sc->name, WEXITSTATUS(status));
		}
		fflush(stdout);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
