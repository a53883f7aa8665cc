//! The four prompt types of EquiBench (ZERO, FEW, ZERO_COT, FEW_COT), built from a category's
//! descriptor so that any registered category gets all four.
//!
//! Every type keeps EquiBench's structure: the judge's role and the category's definition of
//! equivalence, the programs (with the problem statement where the category has one), then the
//! instruction. ZERO is exactly `equibench prompts`' text ([`equibench_core::prompts::zero_shot`]).
//! The few-shot types insert a block of exemplars between the definition and the programs asked
//! about; the chain-of-thought types end "... in the end. Let's think step by step.", and their
//! exemplars answer with a rationale ending "The answer is YES." / "The answer is NO.".
//!
//! The few-shot block is cut from the category's own template rather than written per category:
//! the template is split at the line that opens the per-pair part (the first program, or the
//! problem statement) and at `{answer_instruction}`. The part between is filled once per exemplar
//! and once for the pair asked about, so a category with its own layout keeps it in its examples.

use crate::exemplars::Exemplar;
use equibench_core::descriptor::fill;
use equibench_core::prompts::{template, NO, YES};
use equibench_core::{CategoryDescriptor, Pair};
use serde::{Deserialize, Serialize};

/// Which of EquiBench's four prompt types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PromptType {
    Zero,
    Few,
    ZeroCot,
    FewCot,
}

impl PromptType {
    pub const ALL: [PromptType; 4] = [
        PromptType::Zero,
        PromptType::Few,
        PromptType::ZeroCot,
        PromptType::FewCot,
    ];

    /// Uses the category's exemplars.
    pub fn few_shot(self) -> bool {
        matches!(self, PromptType::Few | PromptType::FewCot)
    }

    /// Asks for reasoning before the answer.
    pub fn chain_of_thought(self) -> bool {
        matches!(self, PromptType::ZeroCot | PromptType::FewCot)
    }

    /// EquiBench's spelling (ZERO, FEW, ZERO_COT, FEW_COT), used in records.
    pub fn record_name(self) -> &'static str {
        match self {
            PromptType::Zero => "ZERO",
            PromptType::Few => "FEW",
            PromptType::ZeroCot => "ZERO_COT",
            PromptType::FewCot => "FEW_COT",
        }
    }

    /// The command-line spelling (zero, few, zero-cot, few-cot).
    pub fn cli_name(self) -> &'static str {
        match self {
            PromptType::Zero => "zero",
            PromptType::Few => "few",
            PromptType::ZeroCot => "zero-cot",
            PromptType::FewCot => "few-cot",
        }
    }
}

impl std::str::FromStr for PromptType {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PromptType::ALL
            .into_iter()
            .find(|t| {
                t.cli_name().eq_ignore_ascii_case(s) || t.record_name().eq_ignore_ascii_case(s)
            })
            .ok_or_else(|| format!("unknown prompt type `{s}` (zero, few, zero-cot, few-cot)"))
    }
}

impl std::fmt::Display for PromptType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.cli_name())
    }
}

/// The instruction of ZERO and FEW: EquiBench's, and `equibench prompts`' (kept identical).
pub const DIRECT_INSTRUCTION: &str = "Please only output the answer of whether the two programs are equivalent or not. You should only output YES or NO.";

/// The instruction of ZERO_COT and FEW_COT.
pub const COT_INSTRUCTION: &str = "Please judge whether the two programs are equivalent or not. You should output YES or NO in the end. Let's think step by step.";

/// Opens the block of exemplars.
const EXAMPLES_INTRO: &str = "Here are some examples.";
/// Separates the exemplars from the pair asked about.
const QUERY_INTRO: &str = "Now judge the following.";

/// Why a prompt cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PromptError {
    #[error(
        "category `{category}` ships no few-shot exemplars (Category::exemplars is empty), so it has no {prompt} prompt; use --prompt zero or zero-cot, or leave it out with --categories"
    )]
    NoExemplars { category: String, prompt: String },
    #[error(
        "category `{category}` gives no rationale for exemplar {id} (Category::rationale), so it has no {prompt} prompt; use --prompt few or zero-cot, or leave it out with --categories"
    )]
    NoRationale {
        category: String,
        id: String,
        prompt: String,
    },
    #[error(
        "the prompt template of category `{category}` has no program placeholder before `{{answer_instruction}}`, so no few-shot block can be cut from it"
    )]
    TemplateShape { category: String },
}

/// The instruction a prompt type ends with.
pub fn instruction(ptype: PromptType) -> &'static str {
    if ptype.chain_of_thought() {
        COT_INSTRUCTION
    } else {
        DIRECT_INSTRUCTION
    }
}

/// Fill `part` of a template for `pair`, with `ask` as the instruction.
fn fill_for(part: &str, pair: &Pair, ask: &str) -> String {
    fill(part, |key| match key {
        "language" => Some(pair.language.to_string()),
        "definition" => Some(pair.definition.clone()),
        "program_1" => Some(pair.program_1.clone()),
        "program_2" => Some(pair.program_2.clone()),
        "answer_instruction" => Some(ask.to_string()),
        other => other
            .strip_prefix("context.")
            .map(|k| pair.context_str(k).to_string()),
    })
}

/// A template cut into the part before the per-pair text, the per-pair text, and the rest (from
/// `{answer_instruction}` on).
struct Split<'a> {
    head: &'a str,
    body: &'a str,
    tail: &'a str,
}

/// Cut `t` where the per-pair part begins: at the line of the first program (or problem statement)
/// placeholder, or the line before it when the placeholder opens its line under a label such as
/// `[Program 1]:`.
fn split<'t>(t: &'t str, category: &CategoryDescriptor) -> Option<Split<'t>> {
    let statement = category
        .problem_statement
        .map(|k| format!("{{context.{k}}}"));
    let mut marks = vec!["{program_1}".to_string(), "{program_2}".to_string()];
    marks.extend(statement);
    let first = marks.iter().filter_map(|m| t.find(m.as_str())).min()?;
    let ask = t.find("{answer_instruction}")?;
    if ask < first {
        return None;
    }
    let line_start = t[..first].rfind('\n').map_or(0, |i| i + 1);
    let start = if line_start == first && line_start > 0 {
        // The placeholder opens its line: its label is the line before (if that line has text).
        let prev_start = t[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
        if t[prev_start..line_start - 1].trim().is_empty() {
            line_start
        } else {
            prev_start
        }
    } else {
        line_start
    };
    Some(Split {
        head: &t[..start],
        body: &t[start..ask],
        tail: &t[ask..],
    })
}

/// How an exemplar answers: the answer word, or for chain of thought its rationale and then the
/// answer in the form the parser reads.
fn exemplar_answer(ex: &Exemplar, cot: bool) -> String {
    let word = if ex.pair.equivalent { YES } else { NO };
    match (&ex.rationale, cot) {
        (Some(r), true) => format!("{} The answer is {word}.", r.trim_end()),
        _ => word.to_string(),
    }
}

/// The prompt of `ptype` for `pair` of `category`, with the category's `exemplars` for the
/// few-shot types (checked by [`crate::exemplars`]; they must carry rationales for FEW_COT).
pub fn build(
    pair: &Pair,
    category: &CategoryDescriptor,
    ptype: PromptType,
    exemplars: &[Exemplar],
) -> Result<String, PromptError> {
    if ptype == PromptType::Zero {
        return Ok(equibench_core::prompts::zero_shot(pair, category));
    }
    let t = template(category);
    let ask = instruction(ptype);
    if !ptype.few_shot() {
        return Ok(fill_for(&t, pair, ask));
    }
    if exemplars.is_empty() {
        return Err(PromptError::NoExemplars {
            category: category.name.into(),
            prompt: ptype.record_name().into(),
        });
    }
    if ptype.chain_of_thought() {
        if let Some(ex) = exemplars.iter().find(|e| e.rationale.is_none()) {
            return Err(PromptError::NoRationale {
                category: category.name.into(),
                id: ex.pair.id.clone(),
                prompt: ptype.record_name().into(),
            });
        }
    }
    let parts = split(&t, category).ok_or_else(|| PromptError::TemplateShape {
        category: category.name.into(),
    })?;
    let mut out = fill_for(parts.head, pair, ask).trim_end().to_string();
    out.push_str("\n\n");
    out.push_str(EXAMPLES_INTRO);
    out.push_str("\n\n");
    for (i, ex) in exemplars.iter().enumerate() {
        out.push_str(&format!("[Example {}]\n", i + 1));
        // A definition filled per pair (x86's registers) may differ from the one stated above.
        if ex.pair.definition != pair.definition {
            out.push_str(&format!(
                "In this example, equivalence means that, {}\n",
                ex.pair.definition
            ));
        }
        out.push_str(fill_for(parts.body, &ex.pair, ask).trim_end());
        out.push_str("\n\n[Answer]: ");
        out.push_str(&exemplar_answer(ex, ptype.chain_of_thought()));
        out.push_str("\n\n");
    }
    out.push_str(QUERY_INTRO);
    out.push_str("\n\n");
    out.push_str(&fill_for(parts.body, pair, ask));
    out.push_str(&fill_for(parts.tail, pair, ask));
    Ok(out)
}

/// sha256 of a prompt's UTF-8 text, lowercase hex: what the run log records.
pub fn sha256(prompt: &str) -> String {
    equibench_core::pair::sha256_hex(prompt.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use equibench_core::descriptor::ContextField;
    use equibench_core::evidence::{Evidence, Source};
    use equibench_core::{PairDraft, Provenance};
    use serde_json::json;

    static PLAIN: CategoryDescriptor = CategoryDescriptor {
        name: "PLAIN",
        cli_name: "plain",
        aliases: &[],
        harness_dir: "PLAIN",
        language: "C",
        summary: "a test category",
        definition: "the two programs print the same output.",
        context: &[],
        problem_statement: None,
        prompt_template: None,
        inputs: &[],
    };
    static STATED: CategoryDescriptor = CategoryDescriptor {
        name: "STATED",
        cli_name: "stated",
        context: &[ContextField {
            key: "statement",
            doc: "the problem",
            required: true,
            harness_field: None,
        }],
        problem_statement: Some("statement"),
        ..PLAIN
    };
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

    fn pair(d: &CategoryDescriptor, eq: bool, p1: &str, p2: &str) -> Pair {
        let mut context = serde_json::Map::new();
        if d.problem_statement.is_some() {
            context.insert("statement".into(), json!(format!("<p>problem of {p1}</p>")));
        }
        PairDraft {
            equivalent: eq,
            program_1: p1.into(),
            program_2: p2.into(),
            context,
            provenance: Provenance {
                pipeline: "test".into(),
                tools: vec![],
                seed: equibench_core::seed::EXEMPLAR_SEEDS.start,
                source: Source::new("test", &json!({})),
                transformation: "none".into(),
                evidence: Evidence::new("test", &json!({})),
            },
        }
        .finish(d)
    }

    fn exemplars(d: &CategoryDescriptor, rationale: bool) -> Vec<Exemplar> {
        [(true, "e1"), (false, "i1"), (true, "e2"), (false, "i2")]
            .into_iter()
            .map(|(eq, n)| Exemplar {
                pair: pair(d, eq, &format!("{n}_a"), &format!("{n}_b")),
                rationale: rationale.then(|| format!("Because of {n}.")),
            })
            .collect()
    }

    #[test]
    fn zero_is_the_prompts_command_text_and_zero_cot_ends_step_by_step() {
        let p = pair(&TIGHT, true, "int a;", "int b;");
        let zero = build(&p, &TIGHT, PromptType::Zero, &[]).unwrap();
        assert_eq!(zero, equibench_core::prompts::zero_shot(&p, &TIGHT));
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
        let few = build(&p, &PLAIN, PromptType::Few, &exemplars(&PLAIN, false)).unwrap();
        let expected = "You are here to judge if two C programs are semantically equivalent.\n\
Here equivalence means that, the two programs print the same output.\n\n\
Here are some examples.\n\n\
[Example 1]\n[Program 1]:\ne1_a\n\n[Program 2]:\ne1_b\n\n[Answer]: YES\n\n\
[Example 2]\n[Program 1]:\ni1_a\n\n[Program 2]:\ni1_b\n\n[Answer]: NO\n\n\
[Example 3]\n[Program 1]:\ne2_a\n\n[Program 2]:\ne2_b\n\n[Answer]: YES\n\n\
[Example 4]\n[Program 1]:\ni2_a\n\n[Program 2]:\ni2_b\n\n[Answer]: NO\n\n\
Now judge the following.\n\n\
[Program 1]:\nQUERY_A\n\n[Program 2]:\nQUERY_B\n\n\
Please only output the answer of whether the two programs are equivalent or not. You should only output YES or NO.";
        assert_eq!(few, expected);

        let few_cot = build(&p, &PLAIN, PromptType::FewCot, &exemplars(&PLAIN, true)).unwrap();
        assert!(few_cot.contains("[Answer]: Because of e1. The answer is YES.\n"));
        assert!(few_cot.contains("[Answer]: Because of i2. The answer is NO.\n"));
        assert!(few_cot.ends_with("Let's think step by step."));
    }

    #[test]
    fn a_category_layout_and_problem_statements_are_kept_in_the_examples() {
        let p = pair(&TIGHT, true, "Q1", "Q2");
        let few = build(&p, &TIGHT, PromptType::Few, &exemplars(&TIGHT, false)).unwrap();
        assert!(few.contains("[Example 2]\n[Program 1]:\ni1_a\n[Program 2]:\ni1_b\n\n[Answer]: NO"));
        assert!(few.contains("Now judge the following.\n\n[Program 1]:\nQ1\n[Program 2]:\nQ2\n\n"));

        let s = pair(&STATED, true, "Q1", "Q2");
        let few = build(&s, &STATED, PromptType::Few, &exemplars(&STATED, false)).unwrap();
        let head_end = few.find("Here are some examples.").unwrap();
        assert!(few[..head_end].contains("You will be given [Problem Description]"));
        assert!(!few[..head_end].contains("<p>"), "statements are per pair");
        assert!(few.contains(
            "[Example 1]\n[Problem Description]:\n<p>problem of e1_a</p>\n\n[Program 1]:\ne1_a"
        ));
        assert!(few
            .contains("Now judge the following.\n\n[Problem Description]:\n<p>problem of Q1</p>"));
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
        let e = build(&p, &PLAIN, PromptType::FewCot, &exemplars(&PLAIN, false)).unwrap_err();
        assert!(matches!(e, PromptError::NoRationale { .. }), "{e}");
        assert!(build(&p, &PLAIN, PromptType::Few, &exemplars(&PLAIN, false)).is_ok());
    }

    #[test]
    fn prompt_types_parse_from_both_spellings() {
        for t in PromptType::ALL {
            assert_eq!(t.cli_name().parse::<PromptType>().unwrap(), t);
            assert_eq!(t.record_name().parse::<PromptType>().unwrap(), t);
        }
        assert!("two-shot".parse::<PromptType>().is_err());
    }
}
