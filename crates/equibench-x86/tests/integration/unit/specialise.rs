use equibench_x86::semantics::forms;
use equibench_x86::semantics::interp::Machine;
use equibench_x86::semantics::specialise::*;
use rand::Rng;

/// Every instance of every form, specialised, does what `exec` does, on random machines
/// (undefined bits included), and the common register forms are specialised at all.
#[test]
fn specialised_runs_equal_exec() {
    let mut rng = equibench_core::seed::rng(11, &["specialise-test"]);
    let mut specialised = 0;
    for form in forms::all() {
        for insn in &form.insns {
            let s = Specialised::of(insn);
            specialised += (s != Specialised::GENERIC) as usize;
            for _ in 0..20 {
                let mut start = Machine::default();
                for r in start.regs.iter_mut() {
                    *r = forms::interesting(&mut rng);
                }
                start.regs[equibench_x86::semantics::reg::RSP as usize] =
                    equibench_x86::semantics::frame::STACK_TOP - 64;
                start.flags = rng.gen_range(0..=equibench_x86::semantics::flags::ALL);
                if rng.gen_range(0..4) == 0 {
                    start.set_undef_reg(rng.gen_range(0..16), rng.gen());
                }
                let (mut a, mut b) = (start, start);
                let ra = a.exec(insn);
                let rb = s.run(&mut b, insn);
                assert_eq!((ra, a), (rb, b), "{insn}");
            }
        }
    }
    assert!(
        specialised > 200,
        "only {specialised} instances specialised"
    );
}
