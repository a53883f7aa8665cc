use equibench_core::descriptor::*;
use serde_json::json;

// The test descriptors every module's tests share (`descriptor::tests_support` in src/ before).

/// A descriptor for core tests; it names no real category.
pub(crate) static PLAIN: CategoryDescriptor = CategoryDescriptor {
    name: "PLAIN",
    cli_name: "plain",
    aliases: &[],
    harness_dir: "PLAIN",
    language: "C",
    summary: "hand-made test pairs",
    definition: "the two programs print the same text.",
    context: &[],
    problem_statement: None,
    prompt_template: None,
    inputs: &[],
};

/// A descriptor with registers in its definition, like a machine-code category.
pub(crate) static REGS: CategoryDescriptor = CategoryDescriptor {
    name: "regs-64",
    cli_name: "regs",
    aliases: &["registers"],
    harness_dir: "REGS",
    language: "asm",
    summary: "hand-made register pairs",
    definition: "given the bits in {def_in}, the programs leave the same bits in {live_out}.",
    context: &[
        ContextField {
            key: "def_in",
            doc: "registers defined on entry",
            required: true,
            harness_field: Some("problem_def_in"),
        },
        ContextField {
            key: "live_out",
            doc: "registers compared on exit",
            required: true,
            harness_field: Some("problem_live_out"),
        },
    ],
    problem_statement: None,
    prompt_template: None,
    inputs: &[],
};

/// A descriptor whose pairs carry a problem statement.
pub(crate) static STATED: CategoryDescriptor = CategoryDescriptor {
    name: "STATED",
    cli_name: "stated",
    aliases: &[],
    harness_dir: "STATED",
    language: "Python",
    summary: "hand-made pairs with a statement",
    definition: "for every valid input the programs print the same output.",
    context: &[
        ContextField {
            key: "problem_id",
            doc: "the problem",
            required: true,
            harness_field: None,
        },
        ContextField {
            key: "problem_html",
            doc: "the statement",
            required: true,
            harness_field: Some("problem_html_content"),
        },
    ],
    problem_statement: Some("problem_html"),
    prompt_template: None,
    inputs: &[],
};
#[test]
fn names_are_open_interned_and_ordered_as_strings() {
    let a = CategoryName::new("OJ_V");
    let b = CategoryName::new(&String::from("OJ_V"));
    assert_eq!(a, b);
    assert!(std::ptr::eq(a.as_str(), b.as_str()));
    assert!(CategoryName::new("CUDA") < CategoryName::new("DCE"));
    assert!(CategoryName::new("OJ_VA") < CategoryName::new("x86-64"));
    assert_eq!(serde_json::to_string(&a).unwrap(), "\"OJ_V\"");
    let back: CategoryName = serde_json::from_str("\"Brand-new_1\"").unwrap();
    assert_eq!(back.as_str(), "Brand-new_1");
    assert!(serde_json::from_str::<CategoryName>("\"has space\"").is_err());
    assert!(serde_json::from_str::<CategoryName>("\"\"").is_err());
    let lang: Language = serde_json::from_str("\"Objective-C\"").unwrap();
    assert_eq!(lang.to_string(), "Objective-C");
}

#[test]
fn descriptors_answer_to_their_spellings() {
    assert!(REGS.answers_to("regs-64"));
    assert!(REGS.answers_to("REGS"));
    assert!(REGS.answers_to(" Registers "));
    assert!(!REGS.answers_to("reg"));
    for d in [&PLAIN, &REGS, &STATED] {
        d.check().unwrap();
    }
}

#[test]
fn definition_is_filled_from_context_in_one_pass() {
    let ctx = json!({"def_in": "%rdi {live_out}", "live_out": "%rax"});
    let d = REGS.definition_for(ctx.as_object().unwrap());
    assert_eq!(
        d,
        "given the bits in %rdi {live_out}, the programs leave the same bits in %rax."
    );
    let empty = REGS.definition_for(&serde_json::Map::new());
    assert_eq!(
        empty,
        "given the bits in , the programs leave the same bits in ."
    );
    assert_eq!(
        fill("a {x} {y} {} {a b}", |k| (k == "x").then(|| "1".into())),
        "a 1 {y} {} {a b}"
    );
}

#[test]
fn bad_descriptors_are_refused() {
    let mut d = PLAIN;
    d.name = "has space";
    assert!(matches!(d.check(), Err(DescriptorError::BadName(_))));
    let mut d = PLAIN;
    d.definition = "same {nowhere}";
    assert!(matches!(
        d.check(),
        Err(DescriptorError::UnknownPlaceholder(_, _))
    ));
    let mut d = PLAIN;
    d.problem_statement = Some("problem_html");
    assert!(d.check().is_err());
    let mut d = PLAIN;
    d.cli_name = " ";
    assert!(d.check().is_err());
}
