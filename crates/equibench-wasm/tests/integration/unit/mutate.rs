use equibench_wasm::ir::Func;
use equibench_wasm::mutate::*;
use rand::SeedableRng;

/// Every operator keeps the function well typed: each mutant of every site of random
/// compositions and of every cross-validation form is accepted by wasmparser's validator.
#[test]
fn every_mutant_validates() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut funcs: Vec<Func> = equibench_wasm::crossval::forms()
        .into_iter()
        .map(|f| f.func)
        .collect();
    funcs.extend((0..100).map(|_| equibench_wasm::crossval::random_function(&mut rng)));
    let mut checked = 0;
    for f in &funcs {
        for (at, with) in sites(f) {
            let m = apply(f, at, &with);
            assert_ne!(&m, f, "site {at} changed nothing");
            wasmparser::validate(&equibench_wasm::wat::encode(&m))
                .unwrap_or_else(|e| panic!("{with:?} at {at}: {e}"));
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}
