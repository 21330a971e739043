/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: x86-64 without KASAN, 16 KiB stacks. */
#define THREAD_SIZE		16384
