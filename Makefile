# Front door. `make`: deps -> tree -> config -> build -> initramfs -> boot -> verdict.
# `make test`: host tests (harness/host/*-test.sh) + the same QEMU run + the crash tests (one
# QEMU boot each, harness/suites/crash-tests.sh), one combined verdict. `make crash-tests`: those alone.
# `make UPSTREAM=1 ...`: same pipeline on the pristine 6.1 tree with its own STACKLEAK (plus,
# test only, our lib/test_stackleak.c), in build/upstream + build/obj-upstream (base-tree
# benchmark / harness self-check).
# `make ARCH=arm64 ...`, `make ARCH=i386 ...`: another architecture (harness/arch/ARCH/).
# Every stage is idempotent and cheap when its inputs did not change; Kbuild does the rest.
SHELL := /bin/bash
.NOTPARALLEL:
.PHONY: all test deps tree config build initramfs boot verdict host-tests crash-run crash-tests clean distclean distro-run
.PHONY: pristine patches check-series check-bisect upstream-build bench test-configs soak soak-run demo test-clang
.PHONY: distro-check test-distro test-all upstream-fixes help series-open series-save results bench-steps

# BASE= (default 6.1): the base tree, harness/base/BASE/ (its tarball, its series under
# patches/, its build directory: build/ for 6.1, build/BASE/ for another). Everything
# below works the same on every base; harness/lib.sh reads BASE from the environment.
export BASE ?= 6.1
ifeq ($(wildcard harness/base/$(BASE)/base.sh),)
$(error BASE=$(BASE) is not supported: no harness/base/$(BASE)/base.sh (known: $(notdir $(wildcard harness/base/*))))
endif
BD := build$(if $(filter-out 6.1,$(BASE)),/$(BASE))

# The harness by concern (harness/README.md): P the pipeline stages, T the host tests,
# U the suites that boot on their own, BN the benchmark.
H := harness
S := $(H)/stage.sh
P := $(H)/pipeline
T := $(H)/host
U := $(H)/suites
BN := $(H)/bench
# ARCH= (default x86_64): the architecture under test, harness/arch/ARCH/ (harness/lib.sh
# reads ARCH from the environment). Another architecture's outputs carry its name (A:
# build/obj-arm64, build/qemu-arm64.log, ...), and `make test` runs what applies to it
# (harness/README.md). What it does not support, its arch.sh says why (NO_CLANG, NO_DISTRO).
HARCH := $(or $(ARCH),x86_64)
A := $(if $(filter x86_64,$(HARCH)),,-$(HARCH))
ifeq ($(wildcard $(H)/arch/$(HARCH)/arch.sh),)
$(error ARCH=$(HARCH) is not supported: no $(H)/arch/$(HARCH)/arch.sh)
endif
arch_no = $(shell sed -n 's/^$(1)="\(.*\)"$$/\1/p' $(H)/arch/$(HARCH)/arch.sh)
ifeq ($(CLANG),1)
ifneq ($(call arch_no,NO_CLANG),)
$(error CLANG=1 is not supported with ARCH=$(HARCH): $(call arch_no,NO_CLANG))
endif
endif
ifeq ($(DISTRO),1)
ifneq ($(call arch_no,NO_DISTRO),)
$(error DISTRO=1 is not supported with ARCH=$(HARCH): $(call arch_no,NO_DISTRO))
endif
endif
# x86-64 only for now: the soak runs the host's amd64 trinity and stress-ng in the guest,
# the demo needs the leak detector, the configuration matrix Xen PV, Clang and the
# detector, and distro-check builds an x86-64 kernel.
X86_ONLY := soak soak-run demo test-configs test-clang distro-check distro-run test-distro test-all
ifneq ($(A),)
ifneq ($(filter $(X86_ONLY),$(MAKECMDGOALS)),)
$(error make $(filter $(X86_ONLY),$(MAKECMDGOALS)) is x86-64 only for now, not ARCH=$(HARCH) (harness/README.md))
endif
endif
ifneq ($(filter bench-steps,$(MAKECMDGOALS)),)
ifeq ($(filter-out all,$(STEPS)),)
$(error make bench-steps needs the steps to compare by number, e.g. STEPS="5 6")
endif
endif
# make bench: an architecture whose arch.sh sets NO_BENCH (why) is not measured yet.
ifneq ($(filter bench,$(MAKECMDGOALS)),)
ifneq ($(call arch_no,NO_BENCH),)
$(error make bench is not supported with ARCH=$(HARCH): $(call arch_no,NO_BENCH))
endif
endif
ifeq ($(UPSTREAM),1)
# With DISTRO=1, Debian's options on top (the bench's distro/upstream[-fixes] kernels).
UD := $(if $(filter 1,$(DISTRO)),-distro)
ifeq ($(FIXES),1)
# `make UPSTREAM=1 FIXES=1 ...`: the base tree with patches/upstream-fixes/ applied.
export SRC := $(BD)/upstream-fixes
export OBJ := $(BD)/obj$(A)-upstream-fixes$(UD)
export LOG := $(BD)/qemu$(A)-upstream-fixes$(UD).log
TREE_ARGS := --upstream --fixes
else
export SRC := $(BD)/upstream
export OBJ := $(BD)/obj$(A)-upstream$(UD)
export LOG := $(BD)/qemu$(A)-upstream$(UD).log
TREE_ARGS := --upstream
endif
export FRAGS := minimal upstream plant$(if $(UD), distro)
else
TREE_DEPS := patches
endif
ifeq ($(FIXES),1)
ifneq ($(UPSTREAM),1)
$(error FIXES=1 applies patches/upstream-fixes/ to the base tree: use it with UPSTREAM=1)
endif
endif
# `make CLANG=1 ...`: the same pipeline with clang-22 and CONFIG_CLANG_STACKLEAK (Clang's
# stack depth callback instead of the plugin), in build/obj-clang, log build/qemu-clang.log.
ifeq ($(CLANG),1)
ifeq ($(UPSTREAM),1)
$(error UPSTREAM=1 is the base tree's GCC-only STACKLEAK: no CLANG=1 for it)
endif
export CLANG
export OBJ := $(BD)/obj-clang
export LOG := $(BD)/qemu-clang.log
export FRAGS := minimal stackleak clang plant
DEPS_ARGS := clang
endif
# `make DISTRO=1 ...`: the same pipeline with Debian's amd64 options on top of the minimal
# config (harness/config/distro.config, derived by harness/pipeline/distro-config.sh), booted
# as Debian's kernel boots on an Intel CPU (harness/lib.sh), in build/obj-distro, log
# build/qemu-distro.log; with CLANG=1 build/obj-clang-distro, build/qemu-clang-distro.log.
# No leak detector: it needs INIT_STACK_NONE, and Debian zero-initialises the stack.
# With UPSTREAM=1 (set above): the base tree on Debian's options, build/obj-upstream-distro.
ifeq ($(DISTRO),1)
export DISTRO
ifneq ($(UPSTREAM),1)
ifeq ($(CLANG),1)
export OBJ := $(BD)/obj-clang-distro
export LOG := $(BD)/qemu-clang-distro.log
export FRAGS := minimal stackleak clang plant distro distro-clang
else
export OBJ := $(BD)/obj-distro
export LOG := $(BD)/qemu-distro.log
export FRAGS := minimal stackleak plant distro
endif
endif
endif
LOG ?= $(BD)/qemu$(A).log
# The main job (`make` with no goal) boots with the core tests only: STACKLEAK_ERASING on
# every CPU and exit path (10, 15, 20), the negative control (40), the plant tests (60),
# no taint (99). TESTS=NN,NN,... picks tests for any boot (`make boot TESTS=40`); `make
# test` runs them all unless TESTS is given. NAMES="a b" picks crash tests the same way.
CORE_TESTS := 10,15,20,40,60,99
ifeq ($(MAKECMDGOALS),)
TESTS ?= $(CORE_TESTS)
endif
ifneq ($(TESTS),)
export EXTRA_APPEND := $(strip $(EXTRA_APPEND) tests=$(TESTS))
endif

all: verdict

# The cost per patch: the trees after STEPS (e.g. "5 6") built as check-bisect builds them,
# then booted with the base tree's kernel through the guest microbenchmarks under -icount,
# one table (build/bench/).
bench-steps: patches initramfs upstream-build
	@$(S) bench-steps-build env BOOT=0 IMAGES=$(CURDIR)/build/bench$(A)/steps \
		BISECT_RESULTS=$(CURDIR)/build/bench$(A)/steps-build.log $(T)/bisect.sh
	@$(S) bench-steps-run env BENCH_SETS=minimal BENCH_CLOCKS=icount \
		BENCH_KERNELS="upstream $(foreach s,$(STEPS),step-$(s))" $(BN)/run.sh
	@$(S) bench-steps-table $(BN)/steps-table.py $(BD)/bench$(A)/results.tsv

# RESULTS.md and the README's results blocks, from the last runs' outputs in build/.
results:
	@$(P)/results.sh

# Every user-facing target and knob with its default (harness/host/help-test.sh keeps it whole).
help:
	@cat $(H)/help.txt

deps:
	@$(S) deps $(P)/deps.sh $(DEPS_ARGS)
# build/patches/: the git format-patch series (patches/series + the new files it maps).
patches: pristine
	@$(S) patches $(P)/series.sh
# The Debian tarball, extracted once into the git repo build/linux (branch pristine).
pristine:
	@$(S) deps-series $(P)/deps.sh series
	@$(S) pristine $(P)/tree.sh --pristine
# build/linux = pristine + git am build/patches/*.patch (the cover letter excluded).
tree: deps $(TREE_DEPS)
	@$(S) tree $(P)/tree.sh $(TREE_ARGS)
config: tree
	@$(S) config $(P)/config.sh
build: config
	@$(S) build $(P)/build.sh
initramfs: deps
	@$(S) initramfs $(P)/initramfs.sh
# A failed/timed-out boot is still judged (and reported) by the verdict stage.
boot: build initramfs
	@$(S) boot $(P)/boot.sh || true
verdict: boot
	@$(S) verdict $(P)/verdict.sh $(LOG)

# Host tests run after the builds (the coverage test reads our vmlinux and the base
# tree's; x86-64 only: another ARCH= needs no base-tree kernel); their failures are
# counted in the final verdict, not fatal here.
host-tests: build $(if $(A),,upstream-build)
	@$(S) host-tests $(T)/run.sh || true
# The base tree with its own STACKLEAK, built like ours: what we compare against.
upstream-build:
	@$(MAKE) --no-print-directory UPSTREAM=1 build
# Crash tests kill a task or panic the kernel, so each gets its own boot, after the main one.
# Under `make test` their failures are counted in the final verdict (build/crash-results.log).
crash-run: build initramfs
	@$(S) crash-tests $(U)/crash-tests.sh $(NAMES) || true
crash-tests: build initramfs
	@$(S) crash-tests $(U)/crash-tests.sh $(NAMES)
# Soak: one boot of minutes (SOAK_SECONDS of trinity, default 600, plus erasing under
# load and stress-ng); log build/qemu-soak.log, results build/soak-results.log.
soak: build initramfs
	@$(S) soak $(U)/soak.sh
# A planted stack leak on a kernel without STACKLEAK (built here, build/obj-demo-none)
# and on ours (detector off, report, zero): the leaked bytes side by side.
demo: build initramfs
	@$(S) demo $(U)/demo.sh
# The short soak of `make test`: 60 s of trinity, 200 erases under load.
soak-run: build initramfs
	@SOAK_SECONDS=60 $(S) soak $(U)/soak.sh || true
# Debian's configuration: the same guest suite and crash tests on the DISTRO=1 kernel.
distro-run:
	@$(MAKE) --no-print-directory DISTRO=1 boot crash-run
# One verdict per configuration, then their counts side by side (summary.sh: exit 1 if any failed).
ifeq ($(A),)
test: host-tests boot crash-run soak-run
	@rm -f $(BD)/verdicts.log
	@VERDICT_NAME="minimal, GCC" $(S) verdict $(P)/verdict.sh $(LOG) $(BD)/host-results.log \
		$(BD)/crash-results.log $(BD)/soak-results.log || true
	@$(P)/summary.sh $(BD)/verdicts.log
# Debian's options (a kernel of about 20 minutes cold): part of make test-all, not of CI.
test-distro: distro-run
	@rm -f $(BD)/verdicts-distro.log
	@VERDICT_NAME="Debian's options, GCC" VERDICTS=$(BD)/verdicts-distro.log $(S) verdict-distro \
		$(P)/verdict.sh $(BD)/qemu-distro.log $(BD)/crash-results-distro.log || true
	@$(P)/summary.sh $(BD)/verdicts-distro.log
else
# Another architecture: the host tests (those of x86-64 code say SKIP), the guest suite and
# the crash tests; no soak and no Debian's options (x86-64 only for now).
test: host-tests boot crash-run
	@rm -f $(BD)/verdicts$(A).log
	@VERDICT_NAME="minimal, GCC, $(HARCH)" VERDICTS=$(BD)/verdicts$(A).log $(S) verdict $(P)/verdict.sh \
		$(LOG) $(BD)/host-results$(A).log $(BD)/crash-results$(A).log || true
	@$(P)/summary.sh $(BD)/verdicts$(A).log
endif

# The Clang kernel (clang-22, CONFIG_CLANG_STACKLEAK instead of the plugin) through the
# same guest suite and the crash tests, in build/obj-clang; logs build/qemu-clang.log,
# build/qemu-crash-clang-NAME.log. The alloca check is GCC only: its crash test XFAILs.
test-clang:
	@$(MAKE) --no-print-directory CLANG=1 boot crash-run
	@$(MAKE) --no-print-directory CLANG=1 DISTRO=1 boot crash-run
	@rm -f $(BD)/verdicts-clang.log
	@VERDICT_NAME="minimal, Clang" VERDICTS=$(BD)/verdicts-clang.log $(S) verdict-clang \
		$(P)/verdict.sh $(BD)/qemu-clang.log $(BD)/crash-results-clang.log || true
	@VERDICT_NAME="Debian's options, Clang" VERDICTS=$(BD)/verdicts-clang.log $(S) verdict-clang-distro \
		$(P)/verdict.sh $(BD)/qemu-clang-distro.log $(BD)/crash-results-clang-distro.log || true
	@$(P)/summary.sh $(BD)/verdicts-clang.log

# The full matrix (docs/testing.md), on both bases: what CI runs, plus Debian's options,
# both Clang kernels, 32-bit x86, every step of the series built, and on 6.12 32-bit arm,
# riscv64 and s390x. Many hours cold on 2 cores.
# Each part runs even when an earlier one failed; the exit status says whether all passed.
test-all:
	@rc=0; \
	for b in 6.1 6.12; do \
		$(MAKE) --no-print-directory test BASE=$$b || rc=1; \
		$(MAKE) --no-print-directory test-distro BASE=$$b || rc=1; \
		$(MAKE) --no-print-directory test-clang BASE=$$b || rc=1; \
		$(MAKE) --no-print-directory test ARCH=arm64 BASE=$$b || rc=1; \
		$(MAKE) --no-print-directory test ARCH=i386 BASE=$$b || rc=1; \
		$(MAKE) --no-print-directory upstream-fixes BASE=$$b || rc=1; \
		$(MAKE) --no-print-directory upstream-fixes DISTRO=1 BASE=$$b || rc=1; \
		for a in x86_64 arm64 i386; do \
			STEPS=all $(MAKE) --no-print-directory check-bisect ARCH=$$a BASE=$$b || rc=1; \
		done; \
	done; \
	for a in riscv64 arm s390x; do \
		$(MAKE) --no-print-directory test ARCH=$$a BASE=6.12 || rc=1; \
		STEPS=all $(MAKE) --no-print-directory check-bisect ARCH=$$a BASE=6.12 || rc=1; \
	done; \
	echo "==> test-all: $$([ $$rc = 0 ] && echo 'every part passed' || echo 'a part FAILED (see above)')"; \
	exit $$rc

# The fixes for the base tree's own STACKLEAK (patches/upstream-fixes/): the base tree
# without and with them, each booted with the plant tests under the random kstack offset;
# DISTRO=1: both on Debian's options (two kernels of about 20 minutes cold).
upstream-fixes: initramfs
	@$(MAKE) --no-print-directory UPSTREAM=1 build
	@$(MAKE) --no-print-directory UPSTREAM=1 FIXES=1 build
	@$(S) upstream-fixes $(U)/upstream-fixes.sh

# Changing the series (docs/contributing.md): series-open checks the branch `series` out in
# build/series-wt to edit (git rebase -i pristine, git commit); series-save writes it back
# into patches/ and the files at their kernel paths, then rebuilds and checks the series.
series-open: patches
	@git -C $(BD)/series-wt checkout -q series
	@echo "series-open: $(BD)/series-wt is on branch series ($$(git -C $(BD)/series-wt rev-list --count pristine..series) commits): edit, commit, then make series-save"
series-save:
	@git -C $(BD)/series-wt diff --quiet HEAD || { echo "error: $(BD)/series-wt has uncommitted changes" >&2; exit 1; }
	@git -C $(BD)/series-wt checkout -q --detach
	@$(S) series-export $(P)/series-export.sh
	@$(MAKE) --no-print-directory check-series

# checkpatch --strict + git am of the series (also part of `make test`, via host-tests).
check-series: tree
	@$(S) check-series $(T)/series-test.sh
# Builds and boots (core guest tests) the tree after patch 1 and the final one, for ARCH=
# (slow: not in `make test`); STEPS=all (or "1 2 3") for every step, BOOT=0 builds only.
check-bisect: deps patches
	@$(S) check-bisect $(T)/bisect.sh

# Debian's complete amd64 configuration (modules off) with the series and STACKLEAK, booted
# through the guest suite. Slow (docs/debian.md): not in make test or CI.
distro-check: tree initramfs
	@$(S) distro-deps $(P)/deps.sh distro
	@$(S) distro-check $(U)/distro-check.sh

# The guest suite on other configurations (no VMAP_STACK + lockdep; the realistic bench
# kernel with PTI, retpolines and RANDOMIZE_KSTACK_OFFSET). Slow: up to two more kernels.
test-configs: tree initramfs
	@$(S) test-configs $(U)/config-matrix.sh

# Benchmarks (slow: builds up to 8 more kernels, then about 40 QEMU boots). Knobs:
# BENCH_SETS, BENCH_KERNELS, BENCH_ROUNDS, BENCH_REPS, BENCH_CLOCKS (harness/bench/).
# Another ARCH= (its arch.sh says which sets and kernels) writes build/bench-ARCH and runs
# the guest measurements, static figures and profile only: the compile cost, the erase.S
# throughput and the replay are x86-64 host-side steps.
bench: tree initramfs
	@$(MAKE) --no-print-directory UPSTREAM=1 tree
	@$(MAKE) --no-print-directory UPSTREAM=1 FIXES=1 tree
	@$(S) bench-deps $(P)/deps.sh bench
	@$(S) bench-build $(BN)/build.sh
	@$(S) bench-static $(BN)/static.sh
ifeq ($(A),)
	@$(S) bench-plugin-cost sh -c '$(BN)/plugin-cost.sh ours=$(BD)/obj upstream=$(BD)/obj-upstream \
		$$(test -f $(BD)/obj-clang/vmlinux && echo clang=$(BD)/obj-clang) > $(BD)/bench/plugin-cost.tsv'
	@$(S) bench-erase sh -c '$(BN)/erase.sh --out $(BD)/bench/erase-throughput.tsv'
else
	@echo "==> bench: ARCH=$(HARCH): no plugin-cost (the plugin's compile time: measured on" \
		"x86-64's builds), erase or replay (they run x86-64's erase.S on this host)"
endif
	@$(S) bench-run $(BN)/run.sh
ifeq ($(A),)
	@$(S) bench-replay $(BN)/replay-all.sh
endif
	@$(S) bench-profile $(BN)/profile.sh
	@$(S) bench-report /usr/bin/python3 $(BN)/report.py $(BD)/bench$(A)

# clean keeps the extracted pristine git repo (build/linux); distclean removes everything.
# Both remove another architecture's busybox (build/deb-ARCH): the next deps stage fetches it.
clean:
	@if [ -d $(BD) ]; then find $(BD) -mindepth 1 -maxdepth 1 ! -name linux \
		$(foreach b,$(filter-out 6.1,$(notdir $(wildcard harness/base/*))),! -name $(b)) -exec rm -rf {} +; fi
	@if [ -d $(BD)/linux ]; then git -C $(BD)/linux worktree prune; fi
distclean:
	rm -rf build
