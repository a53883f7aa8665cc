//! The evidence an x86-64 pair records (pair-format.md): for an equivalent pair the `unsat` of
//! BOTH solvers (z3 and cvc5, each named with its version and resource limit) to "some live_out
//! bit differs under shared def_in", plus the test cases both programs also pass natively; for an
//! inequivalent pair a counterexample (def_in values) and both programs' live_out values on it, as
//! the hardware computed them, and whose model it was. Values are hex strings, because JSON
//! numbers above 2^53 do not survive every reader.

use crate::semantics::locs::Locs;
use crate::semantics::native::{Case, Outcome};
use crate::semantics::reg::name64;
use equibench_core::evidence::Evidence;
use equibench_core::pair::sha256_hex;
use equibench_core::ToolVersion;
use equibench_toolchain::solver::Strategy;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// `kind` of an equivalent pair's evidence.
pub const KIND_EQUIVALENT: &str = "x86-smt-unsat";
/// `kind` of an inequivalent pair's evidence.
pub const KIND_INEQUIVALENT: &str = "x86-native-counterexample";

/// The question the solver answered, in words (recorded verbatim).
pub const QUERY: &str = "exists an assignment of the def_in bits (other bits shared) such that \
some live_out bit, or whether the program faults, differs between program_1 and program_2";

const NATIVE_RUNNER: &str = "encoded bytes run by a gcc-built harness in the equibench sandbox";

/// Registers by their 64-bit name (`%rdi`) to hex values (`0x0000000012345678`). A sorted map, so
/// it serialises in the same key order as the JSON objects around it.
pub type RegisterValues = BTreeMap<String, String>;

fn hex(v: u64) -> String {
    format!("{v:#018x}")
}

fn parse_hex(s: &str) -> Option<u64> {
    u64::from_str_radix(s.strip_prefix("0x")?, 16).ok()
}

/// `{"%rdi": "0x..."}` for the registers of `set`, each masked to its bits in the set.
pub fn register_values(set: &Locs, regs: &[u64; 16]) -> RegisterValues {
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
pub fn read_register_values(set: &Locs, map: &RegisterValues) -> Result<[u64; 16], String> {
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

/// What one program did on the counterexample: live_out values, or the signal that stopped it
/// (`live_out` is then recorded as `null`, not left out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeRecord {
    pub signal: i32,
    #[serde(deserialize_with = "present")]
    pub live_out: Option<RegisterValues>,
}

impl OutcomeRecord {
    pub fn new(live_out: &Locs, o: &Outcome) -> Self {
        OutcomeRecord {
            signal: o.signal,
            live_out: (o.signal == 0).then(|| register_values(live_out, &o.regs)),
        }
    }
}

impl std::fmt::Display for OutcomeRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_value(self).to_string())
    }
}

/// A field that may be `null` but must be there: serde would otherwise read a missing `Option`
/// as `None`, and the audit must not take a missing key for a recorded absence.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

/// A field that is either left out (`None`) or recorded, possibly as `null` (`Some(None)`).
fn recorded<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRecord {
    pub seed: u64,
    pub mode: String,
    pub proposals: u64,
    pub tests: usize,
    pub target_latency: u64,
    pub rewrite_latency: u64,
    #[serde(rename = "rewrite_tests_failed")]
    pub tests_failed: usize,
}

/// One solver's part in the evidence as the generator knows it: who, which version, under which
/// deterministic limit, and what it answered.
#[derive(Debug, Clone)]
pub struct SolverRecord {
    pub strategy: Strategy,
    pub version: ToolVersion,
    pub rlimit: Option<u64>,
    pub answer: &'static str,
}

impl SolverRecord {
    fn answer_record(&self) -> SolverAnswer {
        SolverAnswer {
            solver: self.strategy.solver.name().into(),
            version: self.version.version.clone(),
            options: self
                .strategy
                .options
                .iter()
                .map(|o| o.to_string())
                .collect(),
            rlimit: self.rlimit,
            answer: self.answer.into(),
        }
    }
}

/// One solver's line in an equivalent pair's `solvers`, as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverAnswer {
    pub solver: String,
    pub version: String,
    pub options: Vec<String>,
    #[serde(deserialize_with = "present")]
    pub rlimit: Option<u64>,
    pub answer: String,
}

/// Evidence of an equivalent pair (`kind` [`KIND_EQUIVALENT`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquivalentEvidence {
    /// Every solver's `unsat`, z3 first.
    pub solvers: Vec<SolverAnswer>,
    pub query: String,
    /// sha256 of the SMT-LIB2 query both solvers answered ([`crate::semantics::verify::query_sha256`]), built
    /// from program_1 and program_2 in that order. Left out by pairs written before issue 36,
    /// whose query had the target first (`source.target_is`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_sha256: Option<String>,
    pub logic: String,
    pub answer: String,
    pub native_tests_passed: usize,
    pub native_tests_total: usize,
    pub native_tests_sha256: String,
    pub native_runner: String,
    pub search: SearchRecord,
}

/// Evidence of an inequivalent pair (`kind` [`KIND_INEQUIVALENT`]). The solver fields are there
/// exactly when a solver's model found the counterexample; a search test case records only
/// `found_by`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InequivalentEvidence {
    pub counterexample: RegisterValues,
    pub program_1: OutcomeRecord,
    pub program_2: OutcomeRecord,
    pub confirmed_by: String,
    pub search: SearchRecord,
    pub found_by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    /// Left out without a solver; recorded (a number or `null`) with one.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "recorded"
    )]
    pub rlimit: Option<Option<u64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// With a solver: sha256 of the query whose model the counterexample is, program_1 first
    /// (left out by pairs written before issue 36).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_sha256: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// An evidence record, with what serde alone cannot say about which keys go together.
pub trait Record: serde::de::DeserializeOwned {
    /// Err when keys that are recorded together are only partly there.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

impl Record for EquivalentEvidence {}

impl Record for InequivalentEvidence {
    /// The solver's keys come all together (a model found the counterexample) or not at all (a
    /// test case of the search did); a record with some of them lost a key.
    fn check(&self) -> Result<(), String> {
        let there = [
            self.solver.is_some(),
            self.solver_version.is_some(),
            self.options.is_some(),
            self.rlimit.is_some(),
            self.query.is_some(),
            self.answer.is_some(),
        ];
        if self.query_sha256.is_some() && !there[0] {
            return Err(
                "malformed evidence: a query_sha256 without the solver whose model it is".into(),
            );
        }
        if there.iter().all(|t| *t) || there.iter().all(|t| !*t) {
            Ok(())
        } else {
            Err(
                "malformed evidence: the solver's keys (solver, solver_version, options, \
                 rlimit, query, answer) are only partly recorded"
                    .into(),
            )
        }
    }
}

/// The evidence's details parsed as `T`: a key `T` does not know, or one it needs and does not
/// find, is an error, never a default.
pub fn parse<T: Record>(evidence: &Evidence) -> Result<T, String> {
    let record: T = evidence.record().map_err(|e| e.to_string())?;
    record.check()?;
    Ok(record)
}

fn to_value<T: Serialize>(e: &T) -> Value {
    serde_json::to_value(e).expect("evidence records have string keys and always serialise")
}

/// Evidence of an equivalent pair: `solvers` lists every solver's `unsat`, z3 first, each with the
/// options it was asked with (z3 may have needed its second try, [`Strategy::Z3_SORTED_AC`]).
pub fn equivalent(
    solvers: &[SolverRecord],
    query_sha256: &str,
    tests_passed: usize,
    tests: &[Case],
    def_in: &Locs,
    search: &SearchRecord,
) -> Evidence {
    let record = EquivalentEvidence {
        solvers: solvers.iter().map(SolverRecord::answer_record).collect(),
        query: QUERY.into(),
        query_sha256: Some(query_sha256.into()),
        logic: "QF_BV".into(),
        answer: "unsat".into(),
        native_tests_passed: tests_passed,
        native_tests_total: tests.len(),
        native_tests_sha256: tests_digest(def_in, tests),
        native_runner: NATIVE_RUNNER.into(),
        search: search.clone(),
    };
    Evidence::new(KIND_EQUIVALENT, &record)
}

/// What shows a pair inequivalent: the input, where it came from, and what each program did on
/// it natively.
pub struct Refutation<'a> {
    /// The solver whose model the input is (its `answer` is `sat`); None when it is a test case
    /// of the search the rewrite fails (the interpreter's finding, confirmed natively like any
    /// counterexample).
    pub solver: Option<&'a SolverRecord>,
    /// With `solver`: the digest of the query it answered ([`crate::semantics::verify::query_sha256`]).
    pub query_sha256: Option<&'a str>,
    pub def_in: &'a Locs,
    pub live_out: &'a Locs,
    pub input: &'a Case,
    pub outcome_1: &'a Outcome,
    pub outcome_2: &'a Outcome,
}

/// Evidence of an inequivalent pair.
pub fn inequivalent(refutation: &Refutation, search: &SearchRecord) -> Evidence {
    let Refutation {
        solver,
        query_sha256,
        def_in,
        live_out,
        input,
        outcome_1,
        outcome_2,
    } = *refutation;
    let found_by = match solver {
        Some(r) => format!(
            "{} model of the query, replayed natively",
            r.strategy.solver.name()
        ),
        None => "a test case of the search on which the rewrite's live_out differs \
                (interpreter), replayed natively"
            .into(),
    };
    let model = solver.map(SolverRecord::answer_record);
    let record = InequivalentEvidence {
        counterexample: register_values(def_in, &input.regs),
        program_1: OutcomeRecord::new(live_out, outcome_1),
        program_2: OutcomeRecord::new(live_out, outcome_2),
        confirmed_by: format!("native execution: {NATIVE_RUNNER}"),
        search: search.clone(),
        found_by,
        solver: model.as_ref().map(|m| m.solver.clone()),
        solver_version: model.as_ref().map(|m| m.version.clone()),
        options: model.as_ref().map(|m| m.options.clone()),
        rlimit: model.as_ref().map(|m| m.rlimit),
        query: model.as_ref().map(|_| QUERY.into()),
        query_sha256: model.as_ref().and(query_sha256).map(str::to_string),
        answer: model.map(|m| m.answer),
    };
    Evidence::new(KIND_INEQUIVALENT, &record)
}
