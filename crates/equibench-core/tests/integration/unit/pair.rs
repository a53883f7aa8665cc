use super::descriptor::{PLAIN, REGS, STATED};
use equibench_core::descriptor::CategoryDescriptor;
use equibench_core::evidence::{Evidence, Source};
use equibench_core::pair::*;
use serde_json::{json, Map, Value};

/// A small, valid record of the test category `category`; `tag` varies program_1 so that ids
/// differ. Context keys are filled for every key the descriptor declares.
pub(crate) fn sample(category: &CategoryDescriptor, equivalent: bool, tag: &str) -> Pair {
    let mut context = Map::new();
    for f in category.context {
        let value = match f.key {
            "def_in" => "%rdi",
            "live_out" => "%rax",
            "problem_id" => "p00000",
            "problem_html" => "<p>Print 0.</p>",
            _ => "value",
        };
        context.insert(f.key.into(), json!(value));
    }
    PairDraft {
        equivalent,
        program_1: format!("int main(void) {{\n  return 0; /* {tag} */\n}}\n"),
        program_2: "int main(void) {\n  return 1 - 1;\n}\n".into(),
        context,
        provenance: Provenance {
            pipeline: "equibench-core test".into(),
            tools: vec![ToolVersion::new("none", "0")],
            seed: 7,
            source: Source::new("hand-written", &json!({"name": "sample"})),
            transformation: "constant folded by hand".into(),
            evidence: Evidence::new("by-inspection", &json!({})),
        },
    }
    .finish(category)
}
#[test]
fn id_is_sha256_of_the_specified_preimage() {
    let p = sample(&PLAIN, true, "");
    let pre = format!("PLAIN\0{}\0{}\0{{}}", p.program_1, p.program_2);
    assert_eq!(p.id, sha256_hex(pre.as_bytes()));
    assert_eq!(p.id.len(), 64);
    assert_eq!(p.expected_id(), p.id);
}

#[test]
fn context_key_order_does_not_change_the_id() {
    let a: Map<String, Value> =
        serde_json::from_str(r#"{"live_out":"%rax","def_in":"%rdi"}"#).unwrap();
    let b: Map<String, Value> =
        serde_json::from_str(r#"{"def_in":"%rdi","live_out":"%rax"}"#).unwrap();
    assert_eq!(
        pair_id(REGS.id(), "a", "b", &a),
        pair_id(REGS.id(), "a", "b", &b)
    );
    assert_eq!(
        canonical_json(&Value::Object(a)),
        r#"{"def_in":"%rdi","live_out":"%rax"}"#
    );
}

/// The spelling written before the type moved into the core (DCE's `original`, x86-64's
/// `target_is`): records already written parse, and new ones are the same bytes.
#[test]
fn a_side_is_written_as_the_key_of_its_program() {
    for (side, key) in [(Side::Program1, "program_1"), (Side::Program2, "program_2")] {
        assert_eq!(serde_json::to_string(&side).unwrap(), format!("\"{key}\""));
        assert_eq!(
            serde_json::from_str::<Side>(&format!("\"{key}\"")).unwrap(),
            side
        );
        assert_eq!(side.as_str(), key);
        assert_eq!(side.other().other(), side);
    }
    assert_eq!(Side::first_if(true), Side::Program1);
    assert_eq!(Side::first_if(false), Side::Program2);
    let p = sample(&PLAIN, true, "");
    assert_eq!(Side::Program1.program(&p), p.program_1);
    assert_eq!(Side::Program2.program(&p), p.program_2);
}

#[test]
fn round_trips_through_json() {
    let p = sample(&REGS, false, "");
    let line = p.to_json_line();
    let back: Pair = serde_json::from_str(&line).unwrap();
    assert_eq!(back, p);
    assert_eq!(back.to_json_line(), line);
    assert!(p.definition.contains("%rdi"));
}

#[test]
fn a_sound_record_has_no_problems_and_tampering_is_seen() {
    let p = sample(&STATED, true, "t");
    assert!(p.problems(&STATED).is_empty(), "{:?}", p.problems(&STATED));
    let mut q = p.clone();
    q.program_2.push_str("x = 1\n");
    let probs = q.problems(&STATED);
    assert!(
        probs
            .iter()
            .any(|m| m.contains("does not match its content")),
        "{probs:?}"
    );
    assert!(probs.iter().any(|m| m.contains("lines")), "{probs:?}");
    let mut r = p.clone();
    r.context.remove("problem_html");
    assert!(r
        .problems(&STATED)
        .iter()
        .any(|m| m.contains("problem_html")));
}

#[test]
fn lines_ignore_a_trailing_newline() {
    assert_eq!(count_lines("a\nb\n"), 2);
    assert_eq!(count_lines("a\nb"), 2);
    assert_eq!(count_lines(""), 1);
}
