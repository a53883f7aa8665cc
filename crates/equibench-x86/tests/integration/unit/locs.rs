use equibench_x86::semantics::flags;
use equibench_x86::semantics::locs::*;

#[test]
fn parses_stoke_style_sets() {
    let l = Locs::parse("{ %rdi %esi, %cf }").unwrap();
    assert_eq!(l.regs[7], u64::MAX);
    assert_eq!(l.regs[6], 0xffff_ffff);
    assert_eq!(l.flags, flags::CF);
    assert_eq!(l.to_string(), "{ %esi %rdi %cf }");
    assert!(Locs::parse("%xmm0").is_err());
    assert!(Locs::parse("rax").is_err());
}
