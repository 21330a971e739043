# The kernels `make bench` compares (sourced). bench_kernel SET KERNEL sets SRC, OBJ and
# FRAGS for it: the same minimal config everywhere, differing only in the options under test.
# The minimal "upstream" and "ours+leak-check" kernels are the ones `make test` builds
# (reused as is); "ours+leak-check" adds the leak detector (and its test module).
# Another architecture measures what its arch.sh names (BENCH_ARCH_SETS, BENCH_ARCH_KERNELS)
# and writes to build/bench-ARCH (BOUT), beside x86-64's build/bench.
BENCH_SETS=${BENCH_SETS:-${BENCH_ARCH_SETS:-"minimal realistic distro"}}
BENCH_KERNELS=${BENCH_KERNELS:-${BENCH_ARCH_KERNELS:-"none upstream ours ours+leak-check zero-init ours+zero-init"}}
BOUT=$B/bench$ASUF
# bench_arch_check: stop on an architecture that make bench does not measure (arch.sh: NO_BENCH).
bench_arch_check() {
	[ -z "${NO_BENCH:-}" ] || die "make bench is not supported with ARCH=$HARCH: $NO_BENCH"
}
# The realistic set leaves out the zero-init kernels by default: each kernel is a cold
# build of 10-15 minutes here. BENCH_KERNELS_REALISTIC=$BENCH_KERNELS for all five.
BENCH_KERNELS_REALISTIC=${BENCH_KERNELS_REALISTIC:-"none upstream ours"}
# "clang" (not in the defaults): ours built with clang-22 and CONFIG_CLANG_STACKLEAK, e.g.
# BENCH_KERNELS="none ours clang"; the minimal one is the kernel `make test-clang` builds.
# The distro set: Debian's options (make DISTRO=1); its "ours" and "clang" are the kernels
# make test and make test-clang boot there; no zero-init pair (Debian zero-initialises).
# KERNEL-offset-off: the same kernel booted with randomize_kstack_offset=off (Debian's
# default is on), to show what the random offset does to each erase's cost and coverage;
# KERNEL-offset-on likewise with it on (the minimal config's default is off).
BENCH_KERNELS_DISTRO=${BENCH_KERNELS_DISTRO:-"none upstream upstream-fixes ours clang none-offset-off upstream-offset-off ours-offset-off"}
# bench_kernels SET: the kernels measured in that set.
bench_kernels() {
	case $1 in
	realistic) echo $BENCH_KERNELS_REALISTIC ;;
	distro) echo $BENCH_KERNELS_DISTRO ;;
	*) echo $BENCH_KERNELS ;;
	esac
}
bench_kernel() {
	local set=$1 k=${2%-offset-off}
	k=${k%-offset-on}
	SRC=$B/linux CLANG= DISTRO=
	if [ -n "${BENCH_ARCH_SETS:-}" ]; then
		case " $BENCH_ARCH_SETS " in
		*" $set "*) ;;
		*) die "bench set '$set' is not measured on ARCH=$HARCH (only: $BENCH_ARCH_SETS): $BENCH_ARCH_WHY" ;;
		esac
	fi
	case $k in
	none) FRAGS="minimal bench/none" ;;
	upstream) SRC=$B/upstream FRAGS="minimal upstream plant" ;;
	# The base tree with patches/upstream-fixes/ (make UPSTREAM=1 FIXES=1): what they cost.
	upstream-fixes) SRC=$B/upstream-fixes FRAGS="minimal upstream plant" ;;
	ours) FRAGS="minimal stackleak" ;;
	ours+leak-check) FRAGS="minimal stackleak leakcheck plant" ;;
	zero-init) FRAGS="minimal bench/none bench/zero-init" ;;
	ours+zero-init) FRAGS="minimal stackleak bench/zero-init" ;;
	clang) CLANG=1 FRAGS="minimal stackleak clang plant" ;;
	# The tree after patch N of the series, as make bench-steps builds it (host/bisect.sh).
	step-[0-9]*) FRAGS="minimal stackleak" ;;
	*) die "unknown bench kernel '$k' (known: none upstream upstream-fixes ours ours+leak-check zero-init ours+zero-init clang)" ;;
	esac
	case $set in
	minimal)
		case $k in
		ours+leak-check) OBJ=$B/obj$ASUF ;;
		upstream) OBJ=$B/obj$ASUF-upstream ;;
		upstream-fixes) OBJ=$B/obj$ASUF-upstream-fixes ;;
		clang) OBJ=$B/obj-clang ;;
		step-*) OBJ=$BOUT/steps/$k ;;
		*) OBJ=$BOUT/obj-$set-$k ;;
		esac ;;
	realistic) FRAGS="$FRAGS bench/realistic" OBJ=$BOUT/obj-$set-$k ;;
	# DISTRO=1: booted as the Makefile's DISTRO=1 kernels are (harness/lib.sh).
	distro)
		DISTRO=1
		case $k in
		ours) FRAGS="minimal stackleak plant distro" OBJ=$B/obj-distro ;;
		clang) FRAGS="$FRAGS distro distro-clang" OBJ=$B/obj-clang-distro ;;
		# The kernels make UPSTREAM=1 [FIXES=1] DISTRO=1 builds (make upstream-fixes DISTRO=1).
		upstream | upstream-fixes) FRAGS="$FRAGS distro" OBJ=$B/obj$ASUF-$k-distro ;;
		none) FRAGS="$FRAGS distro" OBJ=$BOUT/obj-$set-$k ;;
		*) die "bench kernel '$k' is not in the distro set (none upstream upstream-fixes ours clang)" ;;
		esac ;;
	*) die "unknown bench set '$set' (known: minimal realistic distro)" ;;
	esac
	# CLANG, DISTRO: harness/lib.sh of the config, build and boot scripts reads them.
	export SRC OBJ FRAGS CLANG DISTRO
}
# bench_booted_only KERNEL: true for a name that only boots another kernel differently.
bench_booted_only() {
	case $1 in *-offset-off | *-offset-on) return 0 ;; *) return 1 ;; esac
}
# bench_append SET KERNEL: its command line. realistic: force the mitigations on for
# QEMU's AMD-looking CPU.
bench_append() {
	case $1 in realistic) echo "pti=on spectre_v2=retpoline" ;; esac
	case $2 in
	*-offset-off) echo "randomize_kstack_offset=off" ;;
	*-offset-on) echo "randomize_kstack_offset=on" ;;
	esac
}
