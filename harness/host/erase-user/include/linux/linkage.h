/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: lets arch/x86/entry/erase.S assemble unchanged into a
 * host test program (harness/host/erase-test.sh, harness/bench/erase.sh).
 * Only what erase.S uses; plain ELF symbols, no CFI, no return thunks.
 */
#ifndef _ERASE_USER_LINUX_LINKAGE_H
#define _ERASE_USER_LINUX_LINKAGE_H

#define SYM_FUNC_START(name)	.globl name; .type name, @function; .p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
/* The kernel's RET may be a return thunk; user space just returns. */
#define RET			ret

#endif
