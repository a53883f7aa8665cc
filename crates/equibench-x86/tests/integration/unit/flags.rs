use equibench_x86::semantics::flags::*;

#[test]
fn rflags_round_trip() {
    for f in 0..=ALL {
        assert_eq!(from_rflags(to_rflags(f) | 0x202), f);
    }
}
