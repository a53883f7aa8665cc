use equibench_core::evidence::{Evidence, Source};
use equibench_core::{CategoryDescriptor, ContextField, PairDraft, Provenance, ToolVersion};
use equibench_report::*;
use serde_json::{json, Map};
use std::path::{Path, PathBuf};

/// Two categories of the report's own, shaped like DCE and OJ_A.
static C_PAIRS: CategoryDescriptor = CategoryDescriptor {
    name: "DCE",
    cli_name: "dce",
    aliases: &[],
    harness_dir: "DCE",
    language: "C",
    summary: "test",
    definition: "the two programs have the same state at every reachable point.",
    context: &[],
    problem_statement: None,
    prompt_template: None,
    inputs: &[],
};
static STATED: CategoryDescriptor = CategoryDescriptor {
    name: "OJ_A",
    cli_name: "oj_a",
    aliases: &[],
    harness_dir: "OJ_A",
    language: "Python",
    summary: "test",
    definition: "for every valid input the two programs print the same output.",
    context: &[
        ContextField {
            key: "problem_id",
            doc: "problem",
            required: true,
            harness_field: None,
        },
        ContextField {
            key: "problem_html",
            doc: "statement",
            required: true,
            harness_field: Some("problem_html_content"),
        },
    ],
    problem_statement: Some("problem_html"),
    prompt_template: None,
    inputs: &[],
};

fn pair(category: &CategoryDescriptor, equivalent: bool, body: &str) -> equibench_core::Pair {
    let mut context = Map::new();
    if category.problem_statement.is_some() {
        context.insert("problem_id".into(), json!("p1"));
        context.insert(
            "problem_html".into(),
            json!("<p>Print <b>1</b></p><script>alert(1)</script>"),
        );
    }
    PairDraft {
        equivalent,
        program_1: format!(
            "int main(void) {{\n  if (a < b && c > d) {{ {body} }}\n  return 0;\n}}\n"
        ),
        program_2: "int main(void) {\n  return 0;\n}\n".into(),
        context,
        provenance: Provenance {
            pipeline: "report test".into(),
            tools: vec![ToolVersion::new("none", "0")],
            seed: 1,
            source: Source::new("hand", &json!({"note": "</pre><b>x</b>"})),
            transformation: "removed <the> block".into(),
            evidence: Evidence::new("by-hand", &json!({"why": "a & b"})),
        },
    }
    .finish(category)
}

fn output() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut subtle = pair(&C_PAIRS, false, "y = 2;");
    subtle.provenance.evidence = subtle.provenance.evidence.with_disagreement(
        equibench_core::disagreement::Disagreement::of_outputs(b"sum = 1\n", b"sum = 2\n"),
    );
    let mut pairs = vec![
        pair(&C_PAIRS, true, "x = 1;"),
        subtle,
        pair(&STATED, true, "z = 3;"),
    ];
    equibench_core::output::write_final(
        dir.path(),
        &mut pairs,
        equibench_core::output::ManifestInfo {
            command: vec!["equibench".into()],
            seed: 3,
            pairs_per_category: 2,
            shards: vec!["0/1".into()],
            subtle: false,
            categories: &[C_PAIRS, STATED],
            reports: &Default::default(),
        },
    )
    .unwrap();
    dir
}

fn read_all(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn writes_every_page_escaped_and_deterministic() {
    let dir = output();
    let out = dir.path().join("report");
    let w = write_report(dir.path(), &out).unwrap();
    assert_eq!(w.pairs, 3);
    let index = std::fs::read_to_string(&w.index).unwrap();
    assert!(index.contains("data-category=\"DCE\""));
    assert!(index.contains("data-category=\"OJ_A\""));
    assert!(index.contains("<svg"));
    // The subtlety chart only where an inequivalent pair records its disagreement.
    assert!(
        index.contains("DCE: subtlety of inequivalent pairs"),
        "{index}"
    );
    assert!(!index.contains("OJ_A: subtlety of inequivalent pairs"));
    assert!(index.contains("<section id=\"shortcuts\">"), "{index}");
    assert!(index.contains("<tr class=\"shortcut-row\" data-category=\"DCE\">"));
    let page = std::fs::read_to_string(out.join("pairs/dce/0001.html")).unwrap();
    assert!(page.contains("a &lt; b &amp;&amp; c &gt; d"));
    assert!(!page.contains("a < b"));
    assert!(page.contains("&lt;/pre&gt;&lt;b&gt;x&lt;/b&gt;"));
    assert!(page.contains("removed &lt;the&gt; block"));
    let oj = std::fs::read_to_string(out.join("pairs/oj_a/0001.html")).unwrap();
    assert!(oj.contains("sandbox=\"\""));
    assert!(!oj.contains("<script>alert"));
    assert!(out.join("cat-dce.html").is_file() && out.join("datasheet.html").is_file());
    let first = read_all(&out);
    assert_eq!(first.len(), w.files);
    // A second run replaces the report with identical bytes.
    write_report(dir.path(), &out).unwrap();
    assert_eq!(read_all(&out), first);
}

#[test]
fn bad_directories_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope");
    let e = write_report(&missing, &missing.join("r")).unwrap_err();
    assert!(e.to_string().contains("does not exist"), "{e}");
    let e = write_report(dir.path(), &dir.path().join("r")).unwrap_err();
    assert!(e.to_string().contains("has no pairs.jsonl"), "{e}");
    std::fs::write(dir.path().join("pairs.jsonl"), "{not json\n").unwrap();
    let e = write_report(dir.path(), &dir.path().join("r")).unwrap_err();
    assert!(e.to_string().contains("line 1"), "{e}");
    let file = dir.path().join("pairs.jsonl");
    let e = write_report(&file, &dir.path().join("r")).unwrap_err();
    assert!(e.to_string().contains("not a directory"), "{e}");
}

#[test]
fn never_overwrites_a_directory_it_did_not_make() {
    let dir = output();
    // Pointing --out at the output itself must not delete the benchmark.
    let e = write_report(dir.path(), dir.path()).unwrap_err();
    assert!(e.to_string().contains("refusing to overwrite"), "{e}");
    assert!(dir.path().join("pairs.jsonl").is_file());
}
