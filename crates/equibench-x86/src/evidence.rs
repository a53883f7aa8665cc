//! The evidence an x86-64 pair records (pair-format.md): for an equivalent pair the `unsat` of
//! BOTH solvers (z3 and cvc5, each named with its version and resource limit) to "some live_out
//! bit differs under shared def_in", plus the test cases both programs also pass natively; for an
//! inequivalent pair a counterexample (def_in values) and both programs' live_out values on it, as
//! the hardware computed them, and whose model it was. Values are hex strings, because JSON
//! numbers above 2^53 do not survive every reader.

use crate::corpus::{Origin, Target};
use crate::locs::Locs;
use crate::native::{Case, Outcome};
use crate::reg::name64;
use crate::solver::Strategy;
use equibench_core::pair::{sha256_hex, tagged};
use equibench_core::ToolVersion;
use serde_json::{json, Map, Value};

/// `kind` of an equivalent pair's evidence.
pub const KIND_EQUIVALENT: &str = "x86-smt-unsat";
/// `kind` of an inequivalent pair's evidence.
pub const KIND_INEQUIVALENT: &str = "x86-native-counterexample";

/// The question the solver answered, in words (recorded verbatim).
pub const QUERY: &str = "exists an assignment of the def_in bits (other bits shared) such that \
some live_out bit, or whether the program faults, differs between program_1 and program_2";

fn hex(v: u64) -> Value {
    Value::String(format!("{v:#018x}"))
}

fn parse_hex(v: &Value) -> Option<u64> {
    let s = v.as_str()?;
    u64::from_str_radix(s.strip_prefix("0x")?, 16).ok()
}

/// `{"%rdi": "0x..."}` for the registers of `set`, each masked to its bits in the set.
pub fn register_values(set: &Locs, regs: &[u64; 16]) -> Map<String, Value> {
    set.reg_nums()
        .map(|n| {
            (
                format!("%{}", name64(n)),
                hex(regs[n as usize] & set.regs[n as usize]),
            )
        })
        .collect()
}

/// Read back [`register_values`]: every register named must be in `set`.
pub fn read_register_values(set: &Locs, map: &Value) -> Result<[u64; 16], String> {
    let map = map
        .as_object()
        .ok_or_else(|| "register values are not an object".to_string())?;
    let mut regs = [0u64; 16];
    for (name, v) in map {
        let n = (0..16u8)
            .find(|n| format!("%{}", name64(*n)) == *name)
            .ok_or_else(|| format!("unknown register `{name}`"))?;
        if set.regs[n as usize] == 0 {
            return Err(format!("`{name}` is not in the set"));
        }
        regs[n as usize] = parse_hex(v).ok_or_else(|| format!("`{name}` is not a hex value"))?;
    }
    Ok(regs)
}

/// What one program did on the counterexample: live_out values, or the signal that stopped it.
pub fn outcome_value(live_out: &Locs, o: &Outcome) -> Value {
    json!({
        "signal": o.signal,
        "live_out": if o.signal == 0 { Value::Object(register_values(live_out, &o.regs)) } else { Value::Null },
    })
}

/// Does a recorded [`outcome_value`] say the same as `o`?
pub fn outcome_matches(live_out: &Locs, recorded: &Value, o: &Outcome) -> bool {
    *recorded == outcome_value(live_out, o)
}

/// sha256 of the test inputs' def_in bits (one line of hex values per case), so the recorded
/// test count names one test set.
pub fn tests_digest(def_in: &Locs, tests: &[Case]) -> String {
    let mut s = String::new();
    for c in tests {
        let vals: Vec<String> = def_in
            .reg_nums()
            .map(|n| format!("{:x}", c.regs[n as usize] & def_in.regs[n as usize]))
            .collect();
        s.push_str(&vals.join(" "));
        s.push('\n');
    }
    sha256_hex(s.as_bytes())
}

/// How the search ran (recorded in both kinds of evidence).
#[derive(Debug, Clone)]
pub struct SearchRecord {
    pub seed: u64,
    pub mode: &'static str,
    pub proposals: u64,
    pub tests: usize,
    pub target_latency: u64,
    pub rewrite_latency: u64,
    pub tests_failed: usize,
}

impl SearchRecord {
    fn value(&self) -> Value {
        json!({
            "seed": self.seed,
            "mode": self.mode,
            "proposals": self.proposals,
            "tests": self.tests,
            "target_latency": self.target_latency,
            "rewrite_latency": self.rewrite_latency,
            "rewrite_tests_failed": self.tests_failed,
        })
    }
}

/// One solver's part in the evidence: who, which version, under which deterministic limit, and
/// what it answered.
#[derive(Debug, Clone)]
pub struct SolverRecord {
    pub strategy: Strategy,
    pub version: ToolVersion,
    pub rlimit: Option<u64>,
    pub answer: &'static str,
}

impl SolverRecord {
    fn value(&self) -> Value {
        json!({
            "solver": self.strategy.solver.name(),
            "version": self.version.version,
            "options": self.strategy.options,
            "rlimit": self.rlimit,
            "answer": self.answer,
        })
    }
}

/// Evidence of an equivalent pair: `solvers` lists every solver's `unsat`, z3 first, each with the
/// options it was asked with (z3 may have needed its second try, [`Strategy::Z3_SORTED_AC`]).
pub fn equivalent(
    solvers: &[SolverRecord],
    tests_passed: usize,
    tests: &[Case],
    def_in: &Locs,
    search: &SearchRecord,
) -> Map<String, Value> {
    tagged(
        KIND_EQUIVALENT,
        json!({
            "solvers": solvers.iter().map(SolverRecord::value).collect::<Vec<_>>(),
            "query": QUERY,
            "logic": "QF_BV",
            "answer": "unsat",
            "native_tests_passed": tests_passed,
            "native_tests_total": tests.len(),
            "native_tests_sha256": tests_digest(def_in, tests),
            "native_runner": "encoded bytes run by a gcc-built harness in the equibench sandbox",
            "search": search.value(),
        }),
    )
}

/// Evidence of an inequivalent pair. `solver` is the solver whose model the counterexample is
/// (its `answer` is `sat`); None when it is a test case of the search the rewrite fails (the
/// interpreter's finding, confirmed natively like any counterexample).
#[allow(clippy::too_many_arguments)]
pub fn inequivalent(
    solver: Option<&SolverRecord>,
    def_in: &Locs,
    live_out: &Locs,
    input: &Case,
    outcome_1: &Outcome,
    outcome_2: &Outcome,
    search: &SearchRecord,
) -> Map<String, Value> {
    let mut body = json!({
        "counterexample": register_values(def_in, &input.regs),
        "program_1": outcome_value(live_out, outcome_1),
        "program_2": outcome_value(live_out, outcome_2),
        "confirmed_by": "native execution: encoded bytes run by a gcc-built harness in the equibench sandbox",
        "search": search.value(),
    });
    let extra = match solver {
        Some(r) => json!({
            "found_by": format!("{} model of the query, replayed natively", r.strategy.solver.name()),
            "solver": r.strategy.solver.name(),
            "solver_version": r.version.version,
            "options": r.strategy.options,
            "rlimit": r.rlimit,
            "query": QUERY,
            "answer": r.answer,
        }),
        None => json!({
            "found_by": "a test case of the search on which the rewrite's live_out differs \
                (interpreter), replayed natively",
        }),
    };
    if let (Some(b), Value::Object(e)) = (body.as_object_mut(), extra) {
        b.extend(e);
    }
    tagged(KIND_INEQUIVALENT, body)
}

/// `provenance.source` of a target.
pub fn source(target: &Target) -> Map<String, Value> {
    let program_sha256 = sha256_hex(target.text().as_bytes());
    match &target.origin {
        Origin::Corpus {
            file,
            file_sha256,
            function,
            signature,
            compiler,
            flags,
            same_code_from,
        } => tagged(
            "x86-compiled-c",
            json!({
                "corpus_file": format!("data/x86/{file}"),
                "corpus_file_sha256": file_sha256,
                "function": function,
                "signature": signature,
                "compiler": compiler.name,
                "compiler_version": compiler.version,
                "flags": flags,
                "same_code_from": same_code_from,
                "target_sha256": program_sha256,
            }),
        ),
        Origin::Library {
            binary,
            binary_sha256,
            address,
            length,
        } => tagged(
            "x86-library-block",
            json!({
                "binary": binary,
                "binary_sha256": binary_sha256,
                "address": format!("{address:#x}"),
                "length": length,
                "decoder": "iced-x86",
                "target_sha256": program_sha256,
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_values_round_trip() {
        let set = Locs::parse("%edi %rsi").unwrap();
        let mut regs = [0u64; 16];
        regs[7] = 0xffff_ffff_1234_5678;
        regs[6] = u64::MAX;
        let m = register_values(&set, &regs);
        assert_eq!(m["%rdi"], "0x0000000012345678");
        let back = read_register_values(&set, &Value::Object(m)).unwrap();
        assert_eq!(back[7], 0x1234_5678);
        assert_eq!(back[6], u64::MAX);
        assert!(read_register_values(&set, &json!({"%rax": "0x1"})).is_err());
        assert!(read_register_values(&set, &json!({"%rdi": 5})).is_err());
    }
}
