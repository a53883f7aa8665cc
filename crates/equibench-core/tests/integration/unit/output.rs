use super::descriptor::{PLAIN, REGS};
use super::pair::sample;
use equibench_core::category::Report;
use equibench_core::output::*;
use equibench_core::pair::sha256_hex;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;

fn params() -> BuildParams {
    BuildParams {
        categories: vec![PLAIN.id()],
        pairs: 2,
        seed: 1,
        shard: "0/1".into(),
        inputs: BTreeMap::new(),
        subtle: false,
    }
}

#[test]
fn subtle_is_recorded_only_when_asked_and_a_journal_resumes_only_its_own_choice() {
    let dir = tempfile::tempdir().unwrap();
    let reports = BTreeMap::new();
    let write = |subtle: bool| {
        let mut pairs = vec![sample(&PLAIN, true, "a"), sample(&PLAIN, false, "b")];
        write_final(
            dir.path(),
            &mut pairs,
            ManifestInfo {
                command: vec!["equibench".into()],
                seed: 1,
                pairs_per_category: 2,
                shards: vec!["0/1".into()],
                subtle,
                categories: &[PLAIN],
                reports: &reports,
            },
        )
        .unwrap();
        std::fs::read_to_string(dir.path().join(MANIFEST_FILE)).unwrap()
    };
    assert!(!write(false).contains("subtle"), "absent unless asked");
    assert!(write(true).contains("\"subtle\": true"));
    let journal_dir = tempfile::tempdir().unwrap();
    drop(Journal::open(journal_dir.path(), &params()).unwrap());
    let asked = BuildParams {
        subtle: true,
        ..params()
    };
    assert!(
        Journal::open(journal_dir.path(), &asked).is_err(),
        "a --subtle build must not resume a default build's journal"
    );
}

#[test]
fn journal_resumes_finished_blocks_and_drops_unfinished_ones() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut j = Journal::open(dir.path(), &params()).unwrap();
        j.record_pair(0, &sample(&PLAIN, true, "a")).unwrap();
        j.finish_block(PLAIN.id(), 0, Report::default()).unwrap();
        j.record_pair(1, &sample(&PLAIN, false, "b")).unwrap();
    }
    // Simulate a crash in the middle of writing a line.
    let path = dir.path().join(JOURNAL_FILE);
    let mut f = OpenOptions::new().append(true).open(&path).unwrap();
    f.write_all(b"{\"pair\":{\"blo").unwrap();
    drop(f);

    let j = Journal::open(dir.path(), &params()).unwrap();
    assert!(j.is_finished(PLAIN.id(), 0));
    assert!(!j.is_finished(PLAIN.id(), 1));
    let pairs: usize = j.finished().values().map(|(p, _)| p.len()).sum();
    assert_eq!(pairs, 1);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with('\n'), "torn tail was not cut");
}

#[test]
fn journal_refuses_a_different_build() {
    let dir = tempfile::tempdir().unwrap();
    Journal::open(dir.path(), &params()).unwrap();
    let mut other = params();
    other.seed = 2;
    let err = Journal::open(dir.path(), &other)
        .err()
        .expect("must refuse");
    assert!(err.to_string().contains("different build"), "{err}");
}

#[test]
fn final_files_are_sorted_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let mut pairs = vec![
        sample(&REGS, true, "z"),
        sample(&PLAIN, false, "y"),
        sample(&PLAIN, true, "x"),
    ];
    let reports = BTreeMap::new();
    let m = write_final(
        dir.path(),
        &mut pairs,
        ManifestInfo {
            command: vec!["equibench".into(), "build".into()],
            seed: 1,
            pairs_per_category: 2,
            shards: vec!["0/1".into()],
            subtle: false,
            categories: &[PLAIN, REGS],
            reports: &reports,
        },
    )
    .unwrap();
    let back = read_pairs(dir.path()).unwrap();
    assert_eq!(back.len(), 3);
    assert!(back.windows(2).all(|w| w[0].sort_key() <= w[1].sort_key()));
    assert_eq!(back[2].category, REGS.id());
    assert_eq!(m.categories[&PLAIN.id()].equivalent, 1);
    let bytes = std::fs::read(dir.path().join(PAIRS_FILE)).unwrap();
    assert_eq!(m.pairs_sha256, sha256_hex(&bytes));
    let harness: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("REGS/pairs.json")).unwrap())
            .unwrap();
    assert_eq!(harness[0]["pair_id"], 0);
    assert_eq!(harness[0]["truth_label"], true);
    assert_eq!(harness[0]["problem_def_in"], "%rdi");
    assert_eq!(read_manifest(dir.path()).unwrap(), m);
}
