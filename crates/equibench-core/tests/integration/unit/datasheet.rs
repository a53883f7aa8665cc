use super::descriptor::{PLAIN, STATED};
use super::pair::sample;
use equibench_core::category::Registry;
use equibench_core::datasheet::*;
use equibench_core::output::{write_final, Manifest, ManifestInfo};
use equibench_core::pair::Pair;
use equibench_core::tools::Tools;
use std::collections::BTreeMap;

fn sheet() -> CategoryDatasheet {
    CategoryDatasheet {
        sources: "Hand-written samples.".into(),
        construction: "Constants folded by hand.".into(),
        equivalent_evidence: "Inspection.".into(),
        inequivalent_evidence: "Inspection too.".into(),
        audit: "Not re-checked.".into(),
        limitations: vec!["Tiny | toy".into()],
    }
}

fn built() -> (tempfile::TempDir, Manifest, Vec<Pair>) {
    let dir = tempfile::tempdir().unwrap();
    let mut pairs = vec![
        sample(&PLAIN, true, "a"),
        sample(&PLAIN, false, "b"),
        sample(&STATED, true, "c"),
    ];
    let mut reports = BTreeMap::new();
    let mut r = equibench_core::category::Report::default();
    r.rejected.insert("no-witness".into(), 3);
    r.rejected.insert("timeout".into(), 5);
    reports.insert(PLAIN.id(), r);
    let m = write_final(
        dir.path(),
        &mut pairs,
        ManifestInfo {
            command: vec!["equibench".into()],
            seed: 4,
            pairs_per_category: 2,
            shards: vec!["0/2".into(), "1/2".into()],
            subtle: false,
            categories: &[PLAIN, STATED],
            reports: &reports,
        },
    )
    .unwrap();
    (dir, m, pairs)
}

#[test]
fn renders_build_facts_and_category_text() {
    let (_dir, m, pairs) = built();
    let mut k = Knowledge::default();
    k.sheets.insert(PLAIN.id(), Some(sheet()));
    k.sheets.insert(STATED.id(), None);
    k.probed.insert(
        PLAIN.id(),
        vec![Probed {
            name: "cc".into(),
            version: Ok("12.2.0".into()),
        }],
    );
    let text = render(&m, &pairs, &k);
    assert!(text.contains("| seed | 4 |"), "{text}");
    assert!(text.contains("## PLAIN (C)"));
    assert!(text.contains("### Label evidence"));
    assert!(text.contains("**Equivalent.** Inspection."));
    assert!(text.contains("| equivalent | `by-inspection` | 1 |"));
    assert!(
        text.contains("| timeout | 5 |\n| no-witness | 3 |"),
        "{text}"
    );
    assert!(text.contains("- Tiny | toy"));
    assert!(text.contains("| cc | 12.2.0 | probed"));
    assert!(text.contains("| none | 0 | recorded in the pairs' provenance |"));
    assert!(text.contains("## STATED (Python)"));
    assert!(text.contains("provides no datasheet text of its own"));
    // A complete set of shards is not called partial; rendering is a pure function.
    assert!(!text.contains("shards held"));
    assert!(text.contains("## Surface shortcuts"), "{text}");
    assert!(text.contains("| PLAIN | "), "{text}");
    assert_eq!(text, render(&m, &pairs, &k));
}

#[test]
fn partial_shards_are_named() {
    assert_eq!(partial_shards(&["0/1".into()]), None);
    assert_eq!(partial_shards(&["0/2".into(), "1/2".into()]), None);
    assert_eq!(partial_shards(&["1/3".into()]), Some("1/3".into()));
}

#[test]
fn empty_sections_are_found() {
    let mut s = sheet();
    assert!(s.empty_sections().is_empty());
    s.audit = "  ".into();
    s.limitations.clear();
    assert_eq!(s.empty_sections(), vec!["audit", "limitations"]);
}

#[test]
fn write_reads_a_finished_output() {
    let (dir, _m, _pairs) = built();
    let path = write(dir.path(), &Registry::new(), &Tools::new()).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("## PLAIN (C)") && text.contains("## STATED (Python)"));
    let missing = tempfile::tempdir().unwrap();
    let err = write(missing.path(), &Registry::new(), &Tools::new()).unwrap_err();
    assert!(err.to_string().contains("manifest.json"), "{err}");
}
