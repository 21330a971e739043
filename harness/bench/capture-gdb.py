# SPDX-License-Identifier: GPL-2.0
"""gdb script of harness/bench/capture.sh: the stack each erase finds, from QEMU's gdbstub.

Run as `gdb -batch -x capture-gdb.py VMLINUX` with CAPTURE_PORT, CAPTURE_OUT, TASK_STACK
and TASK_LOWEST_STACK (asm-offsets of the kernel) in the environment. The guest is
started stopped (-S). A breakpoint on the sync() syscall waits for the guest's capture
run (harness/guest/bench/run.sh calls sync right before it); from then on every call of
stackleak_erase stops the guest, and the state the erase is about to work on is written
out: a header of 8 little-endian words (phase, syscall number, task, task->stack,
task->lowest_stack, %rsp, poison, top of stack) and the whole THREAD_SIZE stack. The
phase is the operation's index from sysbench's marker write(-1, NULL, 0x5eed0000 + i);
0x5eedfffe ends the operation, 0x5eedffff the capture. Exits outside an operation
are not written.
"""
import os
import struct

import gdb

MARK, PHASE_END, CAPTURE_END = 0x5eed0000, 0x5eedfffe, 0x5eedffff
THREAD_SIZE = 16384
PTREGS = 168
# struct pt_regs (x86-64): orig_ax, di and dx by word.
ORIG_AX, DI, DX = 15, 14, 12
EBADF_FD = 0xffffffff   # fd -1 as the int it is: the upper half is not defined

TASK_STACK = int(os.environ["TASK_STACK"])
TASK_LOWEST = int(os.environ["TASK_LOWEST_STACK"])
inf = None


def word(addr):
    return struct.unpack("<Q", inf.read_memory(addr, 8).tobytes())[0]


def sym(name):
    return int(gdb.parse_and_eval(f"(unsigned long)&{name}"))


def main():
    global inf
    gdb.execute("set pagination off")
    gdb.execute("set confirm off")
    gdb.execute(f"target remote :{os.environ['CAPTURE_PORT']}")
    inf = gdb.selected_inferior()
    try:
        poison_addr = sym("stackleak_poison")
    except gdb.error:
        poison_addr = None
    current_task = sym("current_task")
    gdb.execute("break __x64_sys_sync")
    gdb.execute("continue")
    gdb.execute("delete")
    gdb.execute("break stackleak_erase")
    poison = word(poison_addr) if poison_addr else 0xdbf1a98dc7b5e391
    phase, n, seen = None, 0, 0
    with open(os.environ["CAPTURE_OUT"], "wb") as out:
        while True:
            gdb.execute("continue")
            seen += 1
            gs = int(gdb.parse_and_eval("$gs_base")) & ((1 << 64) - 1)
            task = word(gs + current_task)
            stack = word(task + TASK_STACK)
            top = stack + THREAD_SIZE
            dx, di, nr = (word(top - PTREGS + 8 * i) for i in (DX, DI, ORIG_AX))
            if nr == 1 and di & EBADF_FD == EBADF_FD and MARK <= dx <= CAPTURE_END:
                if dx == CAPTURE_END:
                    break
                phase = None if dx == PHASE_END else dx - MARK
                continue
            if phase is None:
                continue
            lowest = word(task + TASK_LOWEST)
            rsp = int(gdb.parse_and_eval("$rsp")) & ((1 << 64) - 1)
            out.write(struct.pack("<8Q", phase, nr, task, stack, lowest, rsp, poison, top))
            out.write(inf.read_memory(stack, THREAD_SIZE).tobytes())
            n += 1
    gdb.execute("delete")
    print(f"capture-gdb: {n} erases written of {seen} stops")
    gdb.execute("detach")


main()
