// SPDX-License-Identifier: GPL-2.0
/*
 * QEMU TCG plugin for harness/bench/profile.sh: how often each translation
 * block ran, written to OUT.N ("vaddr instructions executions" per line)
 * and reset each time the guest starts a block at address MARK, and once
 * more at exit: one file per phase between two calls of MARK.
 * Usage: -plugin tbcount.so,mark=ffffffff81234567,out=/path/prefix
 * A block that an interrupt or exception leaves early counts whole: the
 * figures are instructions within a fraction of a percent, not exact.
 *
 * The few declarations of QEMU's plugin API (version 1, QEMU 7.2) it uses
 * are written out here: Debian packages no qemu-plugin.h.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum { QEMU_PLUGIN_CB_NO_REGS };
enum { QEMU_PLUGIN_INLINE_ADD_U64 };
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t,
	void (*)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *,
	void (*)(unsigned int, void *), int, void *);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *, int,
	void *, uint64_t);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t,
	void (*)(qemu_plugin_id_t, void *), void *);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* Open addressing; a kernel boot translates some 10^5 blocks. */
#define SLOTS (1u << 21)
struct rec { uint64_t vaddr, n, count; };
static struct rec *tab;
static uint64_t mark;
static const char *out = "/tmp/tbcount";
static int phase;

/* A block is its start and length: QEMU may translate one address twice. */
static struct rec *lookup(uint64_t vaddr, uint64_t n)
{
	uint64_t h = (vaddr * 0x9e3779b97f4a7c15ull ^ n) >> 43;

	for (;; h = (h + 1) & (SLOTS - 1)) {
		struct rec *r = &tab[h];

		if (r->n == 0) {
			r->vaddr = vaddr;
			r->n = n;
			return r;
		}
		if (r->vaddr == vaddr && r->n == n)
			return r;
	}
}

static void dump(void)
{
	char name[256];
	FILE *f;
	uint32_t i;

	snprintf(name, sizeof(name), "%s.%d", out, phase++);
	f = fopen(name, "w");
	if (!f) {
		perror(name);
		exit(1);
	}
	for (i = 0; i < SLOTS; i++) {
		if (tab[i].count)
			fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
				tab[i].vaddr, tab[i].n, tab[i].count);
		tab[i].count = 0;
	}
	fclose(f);
}

static void at_mark(unsigned int vcpu, void *u)
{
	dump();
}

static void at_exit(qemu_plugin_id_t id, void *u)
{
	dump();
}

static void trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t va = qemu_plugin_tb_vaddr(tb);
	struct rec *r = lookup(va, qemu_plugin_tb_n_insns(tb));

	if (va == mark)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, at_mark,
			QEMU_PLUGIN_CB_NO_REGS, NULL);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &r->count, 1);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 16);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
	}
	if (!mark) {
		fprintf(stderr, "tbcount: no mark=ADDRESS (hex)\n");
		return -1;
	}
	tab = calloc(SLOTS, sizeof(*tab));
	if (!tab)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
