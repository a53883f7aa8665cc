use equibench_x86::semantics::insn::*;

/// The interpreter tracks undefined bits through `Fx`, so it must say exactly what `Effects`
/// says for every instance of every supported form.
#[test]
fn fx_keeps_every_register_and_flag_of_effects() {
    let mut instances = 0;
    for form in equibench_x86::semantics::forms::all() {
        for insn in &form.insns {
            let (e, fx) = (insn.effects(), Fx::of(insn));
            let mut expanded = Effects {
                reads_flags: fx.reads_flags,
                writes_flags: fx.writes_flags,
                keeps_flags: fx.keeps_flags,
                mem: fx.mem,
                ..Effects::default()
            };
            assert_eq!(fx.stack, e.mem.is_some() || insn.is_stack_op());
            assert_eq!(insn.has_mem(), e.mem.is_some(), "{insn}");
            for &(n, bits) in &fx.reads {
                expanded.reads[n as usize] |= bits;
            }
            for &(n, bits) in &fx.writes {
                expanded.writes[n as usize] |= bits;
            }
            assert_eq!(expanded, e, "{} ({insn})", form.name);
            instances += 1;
        }
    }
    assert!(instances > 1000, "only {instances} instances");
}
