# Front door. `make`: deps -> tree -> config -> build -> initramfs -> boot -> verdict.
# `make test`: host tests (harness/*-test.sh) + the same QEMU run, one combined verdict.
# `make UPSTREAM=1 ...`: same pipeline on the plain pristine 6.1 tree (its own STACKLEAK),
# in build/upstream + build/obj-upstream (base-tree benchmark / harness self-check).
# Every stage is idempotent and cheap when its inputs did not change; Kbuild does the rest.
SHELL := /bin/bash
.NOTPARALLEL:
.PHONY: all test deps tree config build initramfs boot verdict host-tests clean distclean

H := harness
S := $(H)/stage.sh
ifeq ($(UPSTREAM),1)
export SRC := build/upstream
export OBJ := build/obj-upstream
export LOG := build/qemu-upstream.log
TREE_ARGS := --upstream
endif
LOG ?= build/qemu.log

all: verdict

deps:
	@$(S) deps $(H)/deps.sh
tree: deps
	@$(S) tree $(H)/tree.sh $(TREE_ARGS)
config: tree
	@$(S) config $(H)/config.sh
build: config
	@$(S) build $(H)/build.sh
initramfs: deps
	@$(S) initramfs $(H)/initramfs.sh
# A failed/timed-out boot is still judged (and reported) by the verdict stage.
boot: build initramfs
	@$(S) boot $(H)/boot.sh || true
verdict: boot
	@$(S) verdict $(H)/verdict.sh $(LOG)

# Host tests first (cheap); their failures are counted in the final verdict, not fatal here.
host-tests: tree
	@$(S) host-tests $(H)/host-tests.sh || true
test: host-tests boot
	@$(S) verdict $(H)/verdict.sh $(LOG) build/host-results.log

# clean keeps the extracted pristine git repo (build/linux); distclean removes everything.
clean:
	@if [ -d build ]; then find build -mindepth 1 -maxdepth 1 ! -name linux -exec rm -rf {} +; fi
	@if [ -d build/linux ]; then git -C build/linux worktree prune; fi
distclean:
	rm -rf build
