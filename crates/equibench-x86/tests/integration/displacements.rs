//! Stack operands with displacements of every size (issue 26, item 6): the frame model, the
//! interpreter and the SMT encoding take any 32-bit displacement from any frame position and any
//! stack move without overflowing; what lies outside the model is a refusal, never a panic.

use equibench_x86::semantics::frame::check_stack;
use equibench_x86::semantics::interp::Machine;
use equibench_x86::semantics::parse::parse_program;
use equibench_x86::semantics::verify::{check_defined, query};
use equibench_x86::Locs;
use rand::{Rng, SeedableRng};

/// A displacement: mostly near the frame, often at the edges of 32 bits, sometimes beyond them.
fn displacement(rng: &mut impl Rng) -> i64 {
    match rng.gen_range(0..6) {
        0 => rng.gen_range(-300..=16),
        1 => i32::MIN as i64 + rng.gen_range(0..=300),
        2 => i32::MAX as i64 - rng.gen_range(0..=300),
        3 => rng.gen::<i32>() as i64,
        4 => rng.gen::<i64>(),
        _ => rng.gen_range(-136..=-120),
    }
}

fn spelled(v: i64, rng: &mut impl Rng) -> String {
    if rng.gen() {
        v.to_string()
    } else if v < 0 {
        format!("-{:#x}", v.unsigned_abs())
    } else {
        format!("{v:#x}")
    }
}

/// A random program around one stack access: with or without a frame pointer and a stack move.
pub fn random_program(rng: &mut impl Rng) -> String {
    let (suffix, reg) =
        [("b", "%dil"), ("w", "%di"), ("l", "%edi"), ("q", "%rdi")][rng.gen_range(0..4)];
    let base = if rng.gen() { "%rsp" } else { "%rbp" };
    let d = spelled(displacement(rng), rng);
    let mut p = String::new();
    let frame = rng.gen_range(0..3);
    if frame > 0 {
        p.push_str("pushq %rbp\nmovq %rsp, %rbp\n");
    }
    let moved = if rng.gen() {
        let n = displacement(rng);
        p.push_str(&format!("subq ${}, %rsp\n", spelled(n, rng)));
        Some(n)
    } else {
        None
    };
    p.push_str(&format!("mov{suffix} {reg}, {d}({base})\n"));
    p.push_str(&format!(
        "mov{suffix} {d}({base}), {}\n",
        reg.replace("di", "ax")
    ));
    if let Some(n) = moved {
        p.push_str(&format!("addq ${}, %rsp\n", spelled(n, rng)));
    }
    if frame > 0 {
        p.push_str(if frame == 1 { "popq %rbp\n" } else { "leave\n" });
    }
    p
}

#[test]
fn random_displacements_and_sizes_never_panic() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(26);
    let def_in = Locs::parse("%rdi").unwrap();
    let live_out = Locs::parse("%rax").unwrap();
    let (mut parsed, mut valid) = (0, 0);
    for _ in 0..20_000 {
        let text = random_program(&mut rng);
        let Ok(p) = parse_program(&text) else {
            continue;
        };
        parsed += 1;
        let _ = check_stack(&p);
        let mut m = Machine::new([7; 16], 0);
        let _ = m.run(&p);
        if check_defined(&p, &def_in, &live_out, "A").is_ok() {
            valid += 1;
            assert!(query(&p, &p, &live_out).contains("check-sat"));
        }
    }
    println!("{parsed} parsed, {valid} inside the model");
    assert!(
        parsed > 5_000 && valid > 500,
        "{parsed} parsed, {valid} valid"
    );
}
