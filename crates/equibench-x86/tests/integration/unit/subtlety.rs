use equibench_x86::semantics::locs::Locs;
use equibench_x86::subtlety::*;

#[test]
fn inputs_set_only_def_in_bits_and_repeat_for_a_seed() {
    let def_in = Locs::parse("%edi %rsi").unwrap();
    let a = inputs(&def_in, 7, TRIALS);
    assert_eq!(a.len(), TRIALS as usize);
    assert_eq!(a, inputs(&def_in, 7, TRIALS));
    assert_ne!(a, inputs(&def_in, 8, TRIALS));
    for c in &a {
        for n in 0..16 {
            assert_eq!(c.regs[n] & !def_in.regs[n], 0);
        }
        assert_eq!(c.flags, 0);
    }
    assert!(a.iter().any(|c| c.regs[6] >> 32 != 0), "%rsi gets 64 bits");
}
