//! The chain-of-thought rationale of a CUDA few-shot exemplar (`Category::rationale`), put in words
//! from the pair's typed evidence ([`crate::evidence`]): the operator both schedules compute, or the
//! two computations and the seeded input on which their outputs differ.

use crate::catalogue::Operator;
use crate::evidence::{self, EquivalentEvidence, WitnessEvidence, EQUIVALENT_KIND, WITNESS_KIND};
use equibench_core::Pair;
use serde_json::Value;

/// `batch_matmul (K=64, M=16, ...)`.
fn describe(op: &Operator) -> String {
    let params: Vec<String> = op
        .params
        .iter()
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={s}"),
            other => format!("{k}={other}"),
        })
        .collect();
    format!("{} ({})", op.kind, params.join(", "))
}

/// The parameters on which two operators of the same kind disagree, as `name: a vs b`.
fn differences(a: &Operator, b: &Operator) -> Vec<String> {
    let keys: std::collections::BTreeSet<&String> =
        a.params.keys().chain(b.params.keys()).collect();
    keys.into_iter()
        .filter(|k| a.params.get(*k) != b.params.get(*k))
        .map(|k| {
            let show = |v: Option<&Value>| v.map_or("absent".to_string(), Value::to_string);
            format!(
                "{k} is {} in Program 1 but {} in Program 2",
                show(a.params.get(k)),
                show(b.params.get(k))
            )
        })
        .collect()
}

/// Why the CUDA pair has its label, or `None` when its evidence does not parse.
pub fn rationale(pair: &Pair) -> Option<String> {
    let ev = &pair.provenance.evidence;
    match ev.kind.as_str() {
        EQUIVALENT_KIND => {
            let e: EquivalentEvidence = evidence::parse(ev).ok()?;
            Some(format!(
                "Both programs are kernels of the same tensor operator, {}, on the same shapes. They come from two different schedules of it (design spaces {} and {}): the schedules change how the loops are split, reordered, bound to blocks and threads, cached and unrolled, but every output element is still computed from the same inputs by the same arithmetic, so apart from floating point rounding both programs compute the same output for every valid input.",
                describe(&e.operator),
                e.schedule_1.design_space,
                e.schedule_2.design_space,
            ))
        }
        WITNESS_KIND => {
            let e: WitnessEvidence = evidence::parse(ev).ok()?;
            let what = if e.operator_1.kind == e.operator_2.kind {
                let diff = differences(&e.operator_1, &e.operator_2);
                if diff.is_empty() {
                    return None;
                }
                format!(
                    "Both programs are kernels of {}, but {}.",
                    e.operator_1.kind,
                    diff.join(", and ")
                )
            } else {
                format!(
                    "Program 1 computes {} while Program 2 computes {}.",
                    describe(&e.operator_1),
                    describe(&e.operator_2)
                )
            };
            let w = &e.witness;
            let at = w
                .index
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            Some(format!(
                "{what} On inputs drawn uniformly from [-1, 1] (seed {}), output element [{at}] is {} in Program 1 and {} in Program 2, and {} output elements differ by more than the tolerance (rtol {}, atol {}), far beyond rounding error.",
                e.input_seed, w.value_1, w.value_2, w.differing_elements, e.rtol, e.atol,
            ))
        }
        _ => None,
    }
}
