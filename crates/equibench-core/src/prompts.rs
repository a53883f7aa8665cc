//! `equibench prompts`: the zero-shot prompt of EquiBench (Appendix A.4, prompt type ZERO) for
//! every pair. The answer words are YES (equivalent) and NO (inequivalent), as in the public
//! evaluation code. The layout comes from the category's descriptor: its own template, or the
//! default below (which shows the problem statement first when the category has one).
//!
//! Placeholders of a template: `{language}`, `{definition}`, `{program_1}`, `{program_2}`,
//! `{answer_instruction}` and `{context.KEY}` for any context key. They are filled in one pass, so
//! program text that happens to contain braces is never rewritten.

use crate::descriptor::{fill, CategoryDescriptor};
use crate::pair::Pair;
use serde_json::{json, Value};

pub const YES: &str = "YES";
pub const NO: &str = "NO";

/// The prompt of a category without a problem statement and without a template of its own.
pub const DEFAULT_TEMPLATE: &str =
    "You are here to judge if two {language} programs are semantically equivalent.\n\
Here equivalence means that, {definition}\n\n\
[Program 1]:\n{program_1}\n\n\
[Program 2]:\n{program_2}\n\n\
{answer_instruction}";

/// The default prompt of a category whose pairs carry a problem statement (`{statement}` stands
/// for the `{context.KEY}` placeholder of the descriptor's statement key).
const STATEMENT_TEMPLATE: &str =
    "You are here to judge if two {language} programs are semantically equivalent.\n\
You will be given [Problem Description], [Program 1] and [Program 2].\n\
Here equivalence means that, {definition}\n\n\
[Problem Description]:\n{statement}\n\n\
[Program 1]:\n{program_1}\n\n\
[Program 2]:\n{program_2}\n\n\
{answer_instruction}";

/// The template a category's prompts follow.
pub fn template(category: &CategoryDescriptor) -> String {
    if let Some(t) = category.prompt_template {
        return t.to_string();
    }
    match category.problem_statement {
        Some(key) => STATEMENT_TEMPLATE.replace("{statement}", &format!("{{context.{key}}}")),
        None => DEFAULT_TEMPLATE.to_string(),
    }
}

/// The zero-shot prompt for one pair of `category`.
pub fn zero_shot(p: &Pair, category: &CategoryDescriptor) -> String {
    let ask = format!(
        "Please only output the answer of whether the two programs are equivalent or not. You should only output {YES} or {NO}."
    );
    fill(&template(category), |key| match key {
        "language" => Some(p.language.to_string()),
        "definition" => Some(p.definition.clone()),
        "program_1" => Some(p.program_1.clone()),
        "program_2" => Some(p.program_2.clone()),
        "answer_instruction" => Some(ask.clone()),
        other => other
            .strip_prefix("context.")
            .map(|k| p.context_str(k).to_string()),
    })
}

/// One JSONL record: the pair's id and category, the prompt, and the expected answer.
pub fn prompt_record(p: &Pair, category: &CategoryDescriptor) -> Value {
    json!({
        "id": p.id,
        "category": p.category,
        "prompt_type": "ZERO",
        "prompt": zero_shot(p, category),
        "expected": if p.equivalent { YES } else { NO },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::tests_support::{PLAIN, REGS, STATED};
    use crate::pair::tests_support::sample;

    #[test]
    fn prompts_carry_definition_programs_and_answer_words() {
        let p = sample(&REGS, false, "q");
        let text = zero_shot(&p, &REGS);
        assert!(text.starts_with("You are here to judge if two asm programs"));
        assert!(text.contains("given the bits in %rdi"));
        assert!(text.contains(&format!("[Program 1]:\n{}\n\n[Program 2]:\n", p.program_1)));
        assert!(text.ends_with("You should only output YES or NO."));
        assert_eq!(prompt_record(&p, &REGS)["expected"], "NO");

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
                "{}|{}|{{definition}}||Please only output the answer of whether the two programs are equivalent or not. You should only output YES or NO.",
                p.definition, p.program_1
            )
        );
        assert!(p.program_1.contains("{program_2}"));
    }
}
