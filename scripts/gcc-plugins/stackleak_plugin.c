// SPDX-License-Identifier: GPL-2.0
/*
 * STACKLEAK compiler support: tell the runtime how deep each task has
 * pushed its kernel stack, so that the erasing code only has to clear the
 * part of the stack that was actually used.
 *
 * Two passes cooperate:
 *
 * 1. stackleak_instrument (GIMPLE, late, after inlining) puts a tracking
 *    point at the start of every function and right after every dynamic
 *    stack allocation (alloca(), VLAs, __builtin_alloca_with_align*).
 *
 * 2. stackleak_cleanup (RTL, after register allocation, before the
 *    prologue/epilogue are emitted) removes the entry tracking point again
 *    from functions whose frame turned out to be too small to matter.  Only
 *    at this point is the frame size known.
 *
 * A tracking point is not a GIMPLE call but a volatile asm statement whose
 * template calls stackleak_track_stack ("call" on x86; on arm64 "bl", with
 * the link register saved around it by the template itself).  The runtime
 * implements that function so that it preserves every general purpose
 * register but the asm's clobbers (the flags; on arm64 also the
 * intra-procedure-call scratch registers x16 and x17), so from the
 * compiler's point of view the statement behaves like an ordinary
 * instruction.  This matters for two reasons:
 *
 *  - GCC does not see a call, so the function stays a leaf: no forced frame
 *    setup, no caller-saved register spills.  When the cleanup pass removes
 *    the statement, the function compiles to (practically) the same code as
 *    without the plugin.
 *
 *  - The statement takes the stack pointer as an input operand.  Shrink
 *    wrapping treats an instruction that reads the stack pointer as needing
 *    the frame, so the prologue is always placed before the tracking call
 *    and the runtime records the stack pointer after the frame has been
 *    allocated.
 *
 * Options (-fplugin-arg-stackleak_plugin-<option>):
 *   track-min-size=N  track functions with a frame of at least N bytes
 *                     (0..1024, required)
 *   arch=x86_64|x86|arm64  target architecture (default x86_64)
 *   check-alloca      call stackleak_check_alloca(size) before each alloca
 *   verbose           report every function that keeps its entry tracking
 *   disable           do not instrument anything
 */

#include "gcc-common.h"
#include "gimplify-me.h"

__visible int plugin_is_GPL_compatible;

/* The runtime allows at most this as CONFIG_STACKLEAK_TRACK_MIN_SIZE. */
#define STACKLEAK_MAX_TRACK_MIN_SIZE	1024

/* Start of the error message for an option value, before what was expected. */
#define BAD_VALUE "invalid value '%s' for '-fplugin-arg-%s-%s': expected "

static const char track_function[] = "stackleak_track_stack";
static const char check_function[] = "stackleak_check_alloca";
/*
 * The template doubles as the marker that the RTL pass looks for. arm64's
 * bl overwrites the link register: the template saves it below the stack
 * pointer (no red zone) and keeps the stack 16-byte aligned.
 */
static const char track_asm_x86[] = "call stackleak_track_stack";
static const char track_asm_arm64[] =
	"str x30, [sp, #-16]!\n\tbl stackleak_track_stack\n\tldr x30, [sp], #16";
static const char *track_asm = track_asm_x86;
/* The stack pointer's register name, and the constraint that passes it. */
static const char *sp_reg_name = "rsp";
static const char *sp_constraint = "r";

static long track_min_size = -1;
static bool arch_x86_32_capable;
static bool arch_arm64;
static bool verbose;
static bool check_alloca;

/* Declaration of stackleak_check_alloca(), built on first use (GC root). */
static tree check_alloca_decl;

static const struct ggc_root_tab stackleak_ggc_roots[] = {
	{
		.base	= &check_alloca_decl,
		.nelt	= 1,
		.stride	= sizeof(check_alloca_decl),
		.cb	= &gt_ggc_mx_tree_node,
		.pchw	= &gt_pch_nx_tree_node
	},
	LAST_GGC_ROOT_TAB
};

static struct plugin_info stackleak_plugin_info = {
	.version	= PLUGIN_VERSION,
	.help		=
		"track-min-size=N\ttrack the stack depth of functions whose frame is at least N bytes (0..1024, required)\n"
		"arch=x86_64|x86|arm64\ttarget architecture, selects the call template and the stack pointer register (default x86_64)\n"
		"check-alloca\tcall stackleak_check_alloca(size) before every alloca/VLA allocation\n"
		"verbose\tprint every function whose entry tracking call is kept\n"
		"disable\tdo not instrument anything\n",
};

/* How much of a function to instrument. */
enum stackleak_scope {
	SCOPE_NONE,
	SCOPE_ALLOCA,	/* only the tracking points after allocations */
	SCOPE_ALL,
};

/*
 * Code that runs before the task stack is set up, is freed after boot, or
 * must not be instrumented at all.
 */
static const char * const skip_sections[] = {
	".init.text",
	".exit.text",
	".meminit.text",
	".head.text",
};

/*
 * Entry and noinstr code: no entry tracking, but an allocation there (the
 * randomized stack offset in do_syscall_64()) moves the stack pointer down
 * for the whole syscall, so it is tracked. The tracker is noinstr itself.
 */
static const char * const alloca_only_sections[] = {
	".noinstr.text",
	".entry.text",
	".cpuidle.text",
};

static bool in_sections(const char *section, const char * const *list,
			unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(section, list[i]))
			return true;
	return false;
}

static enum stackleak_scope instrument_scope(tree fndecl)
{
	const char *name, *section;

	/* The runtime must not track (or check) itself. */
	name = DECL_NAME_POINTER(fndecl);
	if (!strcmp(name, track_function) || !strcmp(name, check_function) ||
	    !strncmp(name, "stackleak_erase", strlen("stackleak_erase")))
		return SCOPE_NONE;

	/* A naked function has no frame and may only contain basic asm. */
	if (lookup_attribute("naked", DECL_ATTRIBUTES(fndecl)))
		return SCOPE_NONE;

	section = DECL_SECTION_NAME(fndecl);
	if (!section)
		return SCOPE_ALL;
	if (in_sections(section, skip_sections, ARRAY_SIZE(skip_sections)))
		return SCOPE_NONE;
	if (in_sections(section, alloca_only_sections,
			ARRAY_SIZE(alloca_only_sections)))
		return SCOPE_ALLOCA;
	return SCOPE_ALL;
}

/*
 * A local variable bound to the stack pointer register.  Using it as an "r"
 * input hands the stack pointer itself to the asm without any copy.
 */
static tree build_sp_var(void)
{
	/*
	 * Kbuild passes SRCARCH, which is "x86" for 32-bit and 64-bit kernels
	 * alike, so with arch=x86 the target decides.  Both names decode to
	 * the same hard register; the variable's mode picks the width.
	 */
	const char *name = sp_reg_name;
	tree var;

	if (arch_x86_32_capable && TYPE_PRECISION(ptr_type_node) == 32)
		name = "esp";

	var = build_decl(DECL_SOURCE_LOCATION(current_function_decl),
			 VAR_DECL, get_identifier("__stackleak_sp"),
			 ptr_type_node);

	DECL_CONTEXT(var) = current_function_decl;
	DECL_ARTIFICIAL(var) = 1;
	DECL_IGNORED_P(var) = 1;
	DECL_REGISTER(var) = 1;
	DECL_HARD_REGISTER(var) = 1;
	TREE_USED(var) = 1;
	set_user_assembler_name(var, name);
	add_local_decl(cfun, var);
	return var;
}

static tree build_string_list(const char *str)
{
	return build_tree_list(NULL_TREE,
			       build_const_char_string(strlen(str) + 1, str));
}

static gasm *build_track_asm(tree sp_var)
{
	auto clobbers = make_tree_vector_single(build_string_list("cc"));
	tree constraint, input;
	gasm *stmt;

	/* One input, the stack pointer: the prologue must come first. */
	constraint = build_const_char_string(strlen(sp_constraint) + 1,
					     sp_constraint);
	input = build_tree_list(build_tree_list(NULL_TREE, constraint), sp_var);
	if (arch_arm64) {
		vec_safe_push(clobbers, build_string_list("x16"));
		vec_safe_push(clobbers, build_string_list("x17"));
	}

	stmt = gimple_build_asm_vec(track_asm, make_tree_vector_single(input),
				    NULL, clobbers, NULL);
	gimple_asm_set_volatile(stmt, true);
	return stmt;
}

static tree get_check_alloca_decl(void)
{
	tree fntype;

	if (check_alloca_decl)
		return check_alloca_decl;

	fntype = build_function_type_list(void_type_node,
					  long_unsigned_type_node, NULL_TREE);
	check_alloca_decl = build_fn_decl(check_function, fntype);
	TREE_PUBLIC(check_alloca_decl) = 1;
	DECL_EXTERNAL(check_alloca_decl) = 1;
	DECL_ARTIFICIAL(check_alloca_decl) = 1;
	TREE_NOTHROW(check_alloca_decl) = 1;
	DECL_ASSEMBLER_NAME(check_alloca_decl);
	return check_alloca_decl;
}

/* Emit stackleak_check_alloca(size) in front of the allocation at @gsi. */
static void insert_check_alloca(gimple_stmt_iterator *gsi)
{
	gimple alloca_stmt = gsi_stmt(*gsi);
	tree size, callee = get_check_alloca_decl();
	cgraph_node_ptr node;
	gcall *call;

	size = fold_convert(long_unsigned_type_node,
			    gimple_call_arg(alloca_stmt, 0));
	size = force_gimple_operand_gsi(gsi, size, true, NULL_TREE, true,
					GSI_SAME_STMT);
	call = gimple_build_call(callee, 1, size);
	gimple_set_location(call, gimple_location(alloca_stmt));
	gsi_insert_before(gsi, call, GSI_SAME_STMT);

	/* Keep the call graph in sync with the new call statement. */
	node = cgraph_get_node(current_function_decl);
	if (node)
		node->create_edge(cgraph_get_create_node(callee), call,
				  gimple_bb(alloca_stmt)->count);
}

/* Emit a tracking point right after the allocation at @gsi. */
static void insert_track_after(gimple_stmt_iterator *gsi, tree sp_var)
{
	gimple alloca_stmt = gsi_stmt(*gsi);
	gasm *track = build_track_asm(sp_var);
	basic_block bb = gimple_bb(alloca_stmt);
	edge e;

	gimple_set_location(track, gimple_location(alloca_stmt));
	if (!stmt_ends_bb_p(alloca_stmt)) {
		/* Leave @gsi on the new statement so the caller skips it. */
		gsi_insert_after(gsi, track, GSI_NEW_STMT);
		return;
	}

	/*
	 * The allocation ends its block (abnormal edges, e.g. in a function
	 * that calls setjmp): track on the normal path out of it.
	 */
	e = find_fallthru_edge(bb->succs);
	if (!e) {
		/* Say so rather than silently leaving the allocation untracked. */
		warning_at(gimple_location(alloca_stmt), 0,
			   "stackleak: cannot track this stack allocation");
		return;
	}
	gsi_insert_on_edge_immediate(e, track);
}

static bool is_alloca(gimple stmt)
{
	tree fndecl;

	if (!is_gimple_call(stmt) || !gimple_call_builtin_p(stmt, BUILT_IN_NORMAL))
		return false;

	fndecl = gimple_call_fndecl(stmt);
	return ALLOCA_FUNCTION_CODE_P(DECL_FUNCTION_CODE(fndecl));
}

static unsigned int stackleak_instrument_execute(void)
{
	enum stackleak_scope scope = instrument_scope(current_function_decl);
	basic_block bb, entry_bb;
	gimple_stmt_iterator gsi;
	tree sp_var = NULL_TREE;
	gasm *track;

	if (scope == SCOPE_NONE)
		return 0;

	/*
	 * Tracking points after dynamic allocations are never removed later.
	 * The check is a normal C function, so it stays out of noinstr code.
	 */
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			if (!is_alloca(gsi_stmt(gsi)))
				continue;
			if (!sp_var)
				sp_var = build_sp_var();
			if (check_alloca && scope == SCOPE_ALL)
				insert_check_alloca(&gsi);
			insert_track_after(&gsi, sp_var);
		}
	}

	if (scope == SCOPE_ALLOCA) {
		if (!sp_var)
			return 0;
		mark_virtual_operands_for_renaming(cfun);
		return TODO_update_ssa;
	}
	if (!sp_var)
		sp_var = build_sp_var();

	/*
	 * The entry tracking point goes into a block of its own that is only
	 * reached from the function entry: if the first block is also a loop
	 * header, the asm must not run on every iteration.
	 */
	gcc_assert(single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(cfun)));
	entry_bb = single_succ(ENTRY_BLOCK_PTR_FOR_FN(cfun));
	if (!single_pred_p(entry_bb)) {
		split_edge(single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun)));
		entry_bb = single_succ(ENTRY_BLOCK_PTR_FOR_FN(cfun));
	}
	track = build_track_asm(sp_var);
	gimple_set_location(track, DECL_SOURCE_LOCATION(current_function_decl));
	gsi = gsi_after_labels(entry_bb);
	gsi_insert_before(&gsi, track, GSI_SAME_STMT);

	/*
	 * Reading a hard register variable counts as a memory access in
	 * GIMPLE, so the new asm statements (and calls) need virtual operands.
	 */
	mark_virtual_operands_for_renaming(cfun);
	return TODO_update_ssa;
}

#define PASS_NAME stackleak_instrument
#define NO_GATE
#define PROPERTIES_REQUIRED (PROP_cfg | PROP_ssa)
#define TODO_FLAGS_FINISH (TODO_verify_ssa | TODO_verify_stmts | TODO_verify_flow)
#include "gcc-generate-gimple-pass.h"

static bool is_track_insn(rtx_insn *insn)
{
	rtx asm_op;

	if (!NONJUMP_INSN_P(insn))
		return false;
	asm_op = extract_asm_operands(PATTERN(insn));
	return asm_op && !strcmp(ASM_OPERANDS_TEMPLATE(asm_op), track_asm);
}

static void report(HOST_WIDE_INT frame, bool calls_alloca)
{
	if (!verbose)
		return;

	if (calls_alloca)
		fprintf(stderr,
			"stackleak: %s: %s: frame " HOST_WIDE_INT_PRINT_DEC " bytes: alloca\n",
			main_input_filename, function_name(cfun), frame);
	else
		fprintf(stderr,
			"stackleak: %s: %s: frame " HOST_WIDE_INT_PRINT_DEC
			" bytes: frame >= %ld\n",
			main_input_filename, function_name(cfun), frame,
			track_min_size);
}

/*
 * The most bytes of this function's frame that may stay unwritten: its
 * local variables and spill slots (get_frame_size(), final after register
 * allocation), and the padding of a stack realignment next to them. The
 * erase's boundary run is longer than this for every untracked frame
 * (STACKLEAK_RUN_WORDS); saved registers and return addresses are always
 * written, so holes of two frames never join.
 */
static HOST_WIDE_INT frame_hole_size(void)
{
	HOST_WIDE_INT frame = get_frame_size().to_constant();
	unsigned int align = crtl->stack_alignment_needed / BITS_PER_UNIT;
	unsigned int incoming = INCOMING_STACK_BOUNDARY / BITS_PER_UNIT;

	if (align > incoming)
		frame += align - incoming;
	return frame;
}

/*
 * Drop the entry tracking point from functions that neither have a big
 * frame nor allocate dynamically.  Tracking points after allocations only
 * exist in functions that allocate (cfun->calls_alloca), and there all
 * of them are kept, so the decision is per function.
 */
static unsigned int stackleak_cleanup_execute(void)
{
	HOST_WIDE_INT frame = frame_hole_size();
	rtx_insn *insn, *next;
	bool found = false;

	for (insn = get_insns(); insn; insn = NEXT_INSN(insn)) {
		if (is_track_insn(insn)) {
			found = true;
			break;
		}
	}
	if (!found)
		return 0;

	if (cfun->calls_alloca || frame >= track_min_size) {
		report(frame, cfun->calls_alloca);
		return 0;
	}

	/*
	 * Removing the asm before pro_and_epilogue runs leaves shrink
	 * wrapping free to place the prologue as if we had never been here.
	 */
	for (insn = get_insns(); insn; insn = next) {
		next = NEXT_INSN(insn);
		if (is_track_insn(insn))
			delete_insn(insn);
	}
	return 0;
}

#define PASS_NAME stackleak_cleanup
#define NO_GATE
#define TODO_FLAGS_FINISH TODO_dump_func
#include "gcc-generate-rtl-pass.h"

/* Parse a decimal size: digits only, no sign, no trailing junk. */
static bool parse_track_min_size(const char *value, long *out)
{
	const char *p;
	long n = 0;

	if (!value || !*value)
		return false;
	for (p = value; *p; p++) {
		if (!ISDIGIT(*p))
			return false;
		n = n * 10 + (*p - '0');
		if (n > STACKLEAK_MAX_TRACK_MIN_SIZE)
			return false;
	}
	*out = n;
	return true;
}

__visible int plugin_init(struct plugin_name_args *plugin_info,
			  struct plugin_gcc_version *version)
{
	const char * const plugin_name = plugin_info->base_name;
	const int argc = plugin_info->argc;
	const struct plugin_argument * const argv = plugin_info->argv;
	const char *arch = NULL;
	bool enable = true;
	bool bad = false;
	int i;

	/* After inlining, so inlined bodies do not bring their own entry asm. */
	PASS_INFO(stackleak_instrument, "optimized", 1, PASS_POS_INSERT_BEFORE);
	/* Frame size is final after RA; shrink wrapping has not run yet. */
	PASS_INFO(stackleak_cleanup, "pro_and_epilogue", 1, PASS_POS_INSERT_BEFORE);

	if (!plugin_default_version_check(version, &gcc_version)) {
		error(G_("incompatible gcc/plugin versions"));
		return 1;
	}

	register_callback(plugin_name, PLUGIN_INFO, NULL, &stackleak_plugin_info);

	for (i = 0; i < argc; i++) {
		const char *key = argv[i].key;
		const char *value = argv[i].value;

		if (!strcmp(key, "disable")) {
			enable = false;
		} else if (!strcmp(key, "verbose")) {
			verbose = true;
		} else if (!strcmp(key, "check-alloca")) {
			check_alloca = true;
		} else if (!strcmp(key, "track-min-size")) {
			if (!parse_track_min_size(value, &track_min_size)) {
				error(G_(BAD_VALUE "a decimal integer 0..%d"),
				      value ? value : "", plugin_name, key,
				      STACKLEAK_MAX_TRACK_MIN_SIZE);
				bad = true;
			}
		} else if (!strcmp(key, "arch")) {
			if (!value || (strcmp(value, "x86_64") && strcmp(value, "x86") &&
				       strcmp(value, "arm64"))) {
				error(G_(BAD_VALUE "x86_64, x86 or arm64"),
				      value ? value : "", plugin_name, key);
				bad = true;
			} else {
				arch = value;
			}
		} else {
			error(G_("unknown option '-fplugin-arg-%s-%s'"),
			      plugin_name, key);
			bad = true;
		}
	}

	if (bad)
		return 1;
	if (!enable)
		return 0;

	if (track_min_size < 0) {
		error(G_("'-fplugin-arg-%s-track-min-size' is required"),
		      plugin_name);
		return 1;
	}

	arch_x86_32_capable = arch && !strcmp(arch, "x86");
	arch_arm64 = arch && !strcmp(arch, "arm64");
	if (arch_arm64) {
		track_asm = track_asm_arm64;
		sp_reg_name = "sp";
		/* "k" is the stack pointer's class: no copy to another register. */
		sp_constraint = "k";
	}

	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)&stackleak_ggc_roots);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &stackleak_instrument_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &stackleak_cleanup_pass_info);
	return 0;
}
