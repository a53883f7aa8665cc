//! The chain-of-thought rationale of an x86-64 few-shot exemplar (`Category::rationale`), put in
//! words from the pair's recorded evidence: the solvers that proved the live_out registers equal,
//! or the counterexample and both programs' live_out values on it as the hardware computed them.

use crate::evidence::{
    self, EquivalentEvidence, InequivalentEvidence, OutcomeRecord, RegisterValues, KIND_EQUIVALENT,
    KIND_INEQUIVALENT,
};
use equibench_core::Pair;

/// `%rdi = 0x2, %rsi = 0x8000000000000000` (leading zeros dropped for reading).
fn registers(map: &RegisterValues) -> Option<String> {
    let parts: Option<Vec<String>> = map
        .iter()
        .map(|(reg, v)| {
            let hex = v.strip_prefix("0x")?;
            let digits = hex.trim_start_matches('0');
            Some(format!(
                "{reg} = 0x{}",
                if digits.is_empty() { "0" } else { digits }
            ))
        })
        .collect();
    Some(parts?.join(", "))
}

/// What one program did on the counterexample.
fn outcome(o: &OutcomeRecord) -> Option<String> {
    if o.signal != 0 {
        return Some(format!("stops with signal {}", o.signal));
    }
    Some(format!("ends with {}", registers(o.live_out.as_ref()?)?))
}

/// Why the x86-64 pair has its label, or `None` when its evidence lacks what the words need.
pub fn rationale(pair: &Pair) -> Option<String> {
    let ev = &pair.provenance.evidence;
    let (def_in, live_out) = (pair.context_str("def_in"), pair.context_str("live_out"));
    match ev.kind.as_str() {
        KIND_EQUIVALENT => {
            let ev: EquivalentEvidence = evidence::parse(ev).ok()?;
            let solvers: Vec<String> = ev
                .solvers
                .iter()
                .map(|s| format!("{} {}", s.solver, s.version))
                .collect();
            let passed = ev.native_tests_passed;
            Some(format!(
                "Only the bits of {live_out} at the end matter, for any bits in {def_in}. Following both instruction sequences symbolically, the value each leaves in {live_out} is the same function of {def_in}: the question \"is there an input for which some bit of {live_out} differs (or only one program faults)?\" has no solution (unsat, proved by {}). Both programs also agree on all {passed} test inputs run natively.",
                solvers.join(" and "),
            ))
        }
        KIND_INEQUIVALENT => {
            let ev: InequivalentEvidence = evidence::parse(ev).ok()?;
            let input = registers(&ev.counterexample)?;
            Some(format!(
                "Take the input {input}. Run on the hardware, Program 1 {} and Program 2 {}: the programs leave different bits in {live_out} for this input, so they are not equivalent.",
                outcome(&ev.program_1)?,
                outcome(&ev.program_2)?,
            ))
        }
        _ => None,
    }
}
