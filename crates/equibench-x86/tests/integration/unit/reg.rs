use equibench_x86::semantics::reg::*;

#[test]
fn names_round_trip() {
    for num in 0..16u8 {
        for w in Width::ALL {
            let r = Reg::new(num, w);
            assert_eq!(Reg::parse(r.name()), Some(r));
        }
    }
    for num in 0..4u8 {
        assert_eq!(Reg::parse(Reg::high(num).name()), Some(Reg::high(num)));
    }
    assert_eq!(Reg::parse("r9l"), Some(Reg::new(9, Width::W8)));
    assert_eq!(Reg::parse("xmm0"), None);
}
