/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: _AC() and friends from the kernel's own uapi header. */
#ifndef _ERASE_USER_LINUX_CONST_H
#define _ERASE_USER_LINUX_CONST_H
#include "../../../../../build/linux/include/uapi/linux/const.h"
#endif
