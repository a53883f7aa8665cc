//! One query, byte for byte (issue 36): every solver call a build makes is on exactly the query
//! the audit rebuilds from the pair's text, program_1 first. A build of `gray_decode32` (the
//! function whose recorded proof an audit could not replay: the build had asked with the target
//! first, the pair showed it second, and z3 spends its rlimit differently on the two orders)
//! records the digest of the query it asked, the audit rebuilds the same digest and confirms, and
//! an altered digest is a contradiction that names it.

use equibench_core::testing::{audit_pair, generate_block};
use equibench_core::{Balance, Inputs, Pair, Tools, Verdict};
use equibench_x86::audit::{pair_query, replayed_query};
use equibench_x86::category::X86;
use equibench_x86::semantics::verify::query_sha256;
use equibench_x86::Locs;

/// `gray_decode32` of `data/x86/kernels.c`, alone in a corpus of its own.
const GRAY_DECODE32: &str = "#include <stdint.h>

uint32_t gray_decode32(uint32_t g) {
    g ^= g >> 16;
    g ^= g >> 8;
    g ^= g >> 4;
    g ^= g >> 2;
    g ^= g >> 1;
    return g;
}
";

/// A build seed whose first equivalent pair has the target on program_2.
const SEED: u64 = 2;

pub(crate) fn gray_decode32_corpus() -> (tempfile::TempDir, Inputs) {
    corpus_of(GRAY_DECODE32)
}

/// A corpus of its own holding `source` (C functions) as its only file, `x86/kernels.c`.
pub(crate) fn corpus_of(source: &str) -> (tempfile::TempDir, Inputs) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("x86")).unwrap();
    std::fs::write(dir.path().join("x86/kernels.c"), source).unwrap();
    let inputs = Inputs::new(dir.path().to_path_buf());
    (dir, inputs)
}

/// The digest the audit rebuilds from the pair's texts, program_1 first.
fn rebuilt_digest(pair: &Pair) -> String {
    let live_out = Locs::parse(pair.context["live_out"].as_str().unwrap()).unwrap();
    query_sha256(&pair_query(&pair.program_1, &pair.program_2, &live_out).unwrap())
}

fn target_is(pair: &Pair) -> &str {
    pair.provenance.source.details["target_is"]
        .as_str()
        .unwrap()
}

#[test]
fn a_pair_with_its_target_second_records_the_query_the_audit_asks() {
    let tools = Tools::new();
    let (_dir, inputs) = gray_decode32_corpus();
    let x86 = X86::default();
    let (sink, _) = generate_block(&x86, SEED, 0, 1, Balance::new(1, 1), &inputs, &tools).unwrap();
    let equivalent = sink
        .pairs
        .iter()
        .find(|p| p.equivalent)
        .expect("gray_decode32 gives an equivalent pair");
    assert_eq!(target_is(equivalent), "program_2", "seed {SEED}");
    for pair in &sink.pairs {
        let ev = &pair.provenance.evidence.details;
        // Build side (the digest of what the solvers were asked) against audit side.
        if let Some(recorded) = ev.get("query_sha256").and_then(|d| d.as_str()) {
            assert_eq!(recorded, rebuilt_digest(pair), "{}", pair.id);
            if pair.equivalent {
                assert_eq!(query_sha256(&replayed_query(pair).unwrap()), recorded);
            }
        } else {
            assert!(!pair.equivalent && ev.get("solver").is_none(), "{ev:?}");
        }
        match audit_pair(&x86, pair, &inputs, &tools) {
            Verdict::Confirmed(why) => assert!(
                !pair.equivalent || why.contains("query with program_1 first"),
                "{why}"
            ),
            other => panic!("{}: {other:?}", pair.id),
        }
    }
    // The digest altered by one character: no solver is asked, the audit names the field.
    let mut altered = equivalent.clone();
    let digest = altered.provenance.evidence.details["query_sha256"]
        .as_str()
        .unwrap()
        .to_string();
    let flipped = if digest.starts_with('0') { "1" } else { "0" };
    altered.provenance.evidence.details["query_sha256"] =
        format!("{flipped}{}", &digest[1..]).into();
    match audit_pair(&x86, &altered, &inputs, &tools) {
        Verdict::Contradicted(why) => assert!(why.starts_with("query_sha256"), "{why}"),
        other => panic!("an altered query digest, yet {other:?}"),
    }
}

/// Records written before issue 36 carry no digest; their builds asked with the target first,
/// so the audit asks them that way, whichever side `target_is` names: the shipped exemplars
/// (old records, three of them with the target on program_2) are re-proved on that query.
#[test]
fn an_old_record_without_a_digest_is_asked_with_its_target_first() {
    let tools = Tools::new();
    let data = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let inputs = Inputs::new(data.clone());
    let x86 = X86::default();
    // The x86-64 exemplars as shipped before evidence recorded the query's digest (kept as a
    // fixture: the shipped ones are now rebuilt with it).
    let text = include_str!("../data/exemplars-before-query-digest.jsonl");
    let old: Vec<Pair> = text
        .lines()
        .map(|l| serde_json::from_str::<Pair>(l).unwrap())
        .filter(|p| p.equivalent)
        .collect();
    let mut second = 0;
    for pair in &old {
        assert!(pair
            .provenance
            .evidence
            .details
            .get("query_sha256")
            .is_none());
        let side = target_is(pair);
        second += usize::from(side == "program_2");
        let live_out = Locs::parse(pair.context["live_out"].as_str().unwrap()).unwrap();
        let (target, rewrite) = if side == "program_1" {
            (&pair.program_1, &pair.program_2)
        } else {
            (&pair.program_2, &pair.program_1)
        };
        assert_eq!(
            replayed_query(pair).unwrap(),
            pair_query(target, rewrite, &live_out).unwrap(),
            "{}",
            pair.id
        );
        match audit_pair(&x86, pair, &inputs, &tools) {
            Verdict::Confirmed(why) => assert!(
                why.contains(&format!("query with the target ({side}) first")),
                "{}: {why}",
                pair.id
            ),
            other => panic!("{}: {other:?}", pair.id),
        }
    }
    assert!(second > 0, "no old record with its target on program_2");
}
