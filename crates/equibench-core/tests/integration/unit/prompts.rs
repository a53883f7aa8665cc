use super::descriptor::{PLAIN, REGS, STATED};
use super::pair::sample;
use equibench_core::descriptor::CategoryDescriptor;
use equibench_core::pair::Pair;
use equibench_core::prompts::*;
use serde_json::json;

static TIGHT: CategoryDescriptor = CategoryDescriptor {
    name: "TIGHT",
    cli_name: "tight",
    prompt_template: Some(
        "You are here to judge if two {language} programs are semantically equivalent.\n\
         Here equivalence means that, {definition}\n\
         [Program 1]:\n{program_1}\n\
         [Program 2]:\n{program_2}\n\n\
         {answer_instruction}",
    ),
    ..PLAIN
};

/// A pair of `d` whose programs are exactly `p1` and `p2`.
fn pair(d: &CategoryDescriptor, eq: bool, p1: &str, p2: &str) -> Pair {
    let mut p = sample(d, eq, p1);
    p.program_1 = p1.into();
    p.program_2 = p2.into();
    p
}

/// Two equivalent and two inequivalent exemplars, alternating, named e1, i1, e2, i2.
fn exemplars(d: &CategoryDescriptor) -> Vec<Pair> {
    [(true, "e1"), (false, "i1"), (true, "e2"), (false, "i2")]
        .into_iter()
        .map(|(eq, n)| pair(d, eq, &format!("{n}_a"), &format!("{n}_b")))
        .collect()
}

fn shots<'a>(pairs: &'a [Pair], rationales: &'a [String]) -> Vec<Shot<'a>> {
    pairs
        .iter()
        .enumerate()
        .map(|(i, p)| Shot {
            pair: p,
            rationale: rationales.get(i).map(String::as_str),
        })
        .collect()
}

#[test]
fn prompts_carry_definition_programs_and_answer_words() {
    let p = sample(&REGS, false, "q");
    let text = zero_shot(&p, &REGS);
    assert!(text.starts_with("You are here to judge if two asm programs"));
    assert!(text.contains("given the bits in %rdi"));
    assert!(text.contains(&format!("[Program 1]:\n{}\n\n[Program 2]:\n", p.program_1)));
    assert!(text.ends_with(DIRECT_INSTRUCTION));
    assert!(text.ends_with("You should only output YES or NO."));
    let record = prompt_record(&p, &REGS);
    assert_eq!(record["expected"], "NO");
    assert_eq!(record["prompt_type"], "ZERO");

    let stated = sample(&STATED, true, "q");
    let t = zero_shot(&stated, &STATED);
    assert!(t.contains("You will be given [Problem Description]"));
    assert!(t.contains("[Problem Description]:\n<p>Print 0.</p>\n\n[Program 1]"));
}

#[test]
fn a_category_template_is_used_and_program_braces_are_left_alone() {
    let mut d = PLAIN;
    d.prompt_template =
        Some("{definition}|{program_1}|{program_2}|{context.missing}|{answer_instruction}");
    let mut p = sample(&PLAIN, true, "{program_2}");
    p.program_2 = "{definition}".into();
    let t = zero_shot(&p, &d);
    assert_eq!(
        t,
        format!(
            "{}|{}|{{definition}}||{DIRECT_INSTRUCTION}",
            p.definition, p.program_1
        )
    );
    assert!(p.program_1.contains("{program_2}"));
}

#[test]
fn zero_is_the_prompts_command_text_and_zero_cot_ends_step_by_step() {
    let p = pair(&TIGHT, true, "int a;", "int b;");
    let zero = build(&p, &TIGHT, PromptType::Zero, &[]).unwrap();
    assert_eq!(zero, zero_shot(&p, &TIGHT));
    let cot = build(&p, &TIGHT, PromptType::ZeroCot, &[]).unwrap();
    assert_eq!(
        cot,
        zero.replace(DIRECT_INSTRUCTION, COT_INSTRUCTION),
        "only the instruction changes"
    );
    assert!(cot.ends_with("in the end. Let's think step by step."));
}

#[test]
fn few_shot_puts_the_examples_between_the_definition_and_the_programs() {
    let p = pair(&PLAIN, false, "QUERY_A", "QUERY_B");
    let ex = exemplars(&PLAIN);
    let few = build(&p, &PLAIN, PromptType::Few, &shots(&ex, &[])).unwrap();
    let expected = format!(
        "You are here to judge if two C programs are semantically equivalent.\n\
Here equivalence means that, the two programs print the same text.\n\n\
Here are some examples.\n\n\
[Example 1]\n[Program 1]:\ne1_a\n\n[Program 2]:\ne1_b\n\n[Answer]: YES\n\n\
[Example 2]\n[Program 1]:\ni1_a\n\n[Program 2]:\ni1_b\n\n[Answer]: NO\n\n\
[Example 3]\n[Program 1]:\ne2_a\n\n[Program 2]:\ne2_b\n\n[Answer]: YES\n\n\
[Example 4]\n[Program 1]:\ni2_a\n\n[Program 2]:\ni2_b\n\n[Answer]: NO\n\n\
Now judge the following.\n\n\
[Program 1]:\nQUERY_A\n\n[Program 2]:\nQUERY_B\n\n{DIRECT_INSTRUCTION}"
    );
    assert_eq!(few, expected);

    let why: Vec<String> = ["e1", "i1", "e2", "i2"]
        .iter()
        .map(|n| format!("Because of {n}."))
        .collect();
    let few_cot = build(&p, &PLAIN, PromptType::FewCot, &shots(&ex, &why)).unwrap();
    assert!(few_cot.contains("[Answer]: Because of e1. The answer is YES.\n"));
    assert!(few_cot.contains("[Answer]: Because of i2. The answer is NO.\n"));
    assert!(few_cot.ends_with("Let's think step by step."));
}

#[test]
fn a_category_layout_and_problem_statements_are_kept_in_the_examples() {
    let p = pair(&TIGHT, true, "Q1", "Q2");
    let ex = exemplars(&TIGHT);
    let few = build(&p, &TIGHT, PromptType::Few, &shots(&ex, &[])).unwrap();
    assert!(few.contains("[Example 2]\n[Program 1]:\ni1_a\n[Program 2]:\ni1_b\n\n[Answer]: NO"));
    assert!(few.contains("Now judge the following.\n\n[Program 1]:\nQ1\n[Program 2]:\nQ2\n\n"));

    let mut s = pair(&STATED, true, "Q1", "Q2");
    s.context
        .insert("problem_html".into(), json!("<p>problem of Q1</p>"));
    let mut ex = exemplars(&STATED);
    for e in &mut ex {
        let html = format!("<p>problem of {}</p>", e.program_1);
        e.context.insert("problem_html".into(), json!(html));
    }
    let few = build(&s, &STATED, PromptType::Few, &shots(&ex, &[])).unwrap();
    let head_end = few.find("Here are some examples.").unwrap();
    assert!(few[..head_end].contains("You will be given [Problem Description]"));
    assert!(!few[..head_end].contains("<p>"), "statements are per pair");
    assert!(few.contains(
        "[Example 1]\n[Problem Description]:\n<p>problem of e1_a</p>\n\n[Program 1]:\ne1_a"
    ));
    assert!(
        few.contains("Now judge the following.\n\n[Problem Description]:\n<p>problem of Q1</p>")
    );
}

#[test]
fn few_shot_without_exemplars_or_rationales_is_refused_by_name() {
    let p = pair(&PLAIN, true, "a", "b");
    let e = build(&p, &PLAIN, PromptType::Few, &[]).unwrap_err();
    assert!(
        e.to_string()
            .contains("`PLAIN` ships no few-shot exemplars"),
        "{e}"
    );
    let ex = exemplars(&PLAIN);
    let e = build(&p, &PLAIN, PromptType::FewCot, &shots(&ex, &[])).unwrap_err();
    assert!(matches!(e, PromptError::NoRationale { .. }), "{e}");
    assert!(build(&p, &PLAIN, PromptType::Few, &shots(&ex, &[])).is_ok());
}

#[test]
fn prompt_types_parse_from_both_spellings() {
    for t in PromptType::ALL {
        assert_eq!(t.cli_name().parse::<PromptType>().unwrap(), t);
        assert_eq!(t.record_name().parse::<PromptType>().unwrap(), t);
        assert_eq!(
            serde_json::to_value(t).unwrap(),
            json!(t.record_name()),
            "records spell it as EquiBench does"
        );
    }
    assert!("two-shot".parse::<PromptType>().is_err());
}
