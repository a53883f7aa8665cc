//! The one prompt builder: EquiBench's four prompt types (Appendix A.4: ZERO, FEW, ZERO_COT,
//! FEW_COT) for any pair of any category, from the category's descriptor. `equibench prompts`
//! writes ZERO for every pair; `equibench eval` sends any of the four (choosing the few-shot
//! exemplars, `equibench_eval::prompt`); the exports write the same text. The answer words are
//! YES (equivalent) and NO (inequivalent), as in the public evaluation code.
//!
//! Every type keeps EquiBench's structure: the judge's role and the category's definition of
//! equivalence, the programs (with the problem statement where the category has one), then the
//! instruction. The chain-of-thought types end "... in the end. Let's think step by step.", and
//! their exemplars answer with a rationale ending "The answer is YES." / "The answer is NO.".
//!
//! The layout comes from the category's [`template`]: its own, or the default below (which shows
//! the problem statement first when the category has one). Placeholders: `{language}`,
//! `{definition}`, `{program_1}`, `{program_2}`, `{answer_instruction}` and `{context.KEY}` for any
//! context key. They are filled in one pass, so program text that happens to contain braces is
//! never rewritten.
//!
//! The few-shot block is cut from the category's own template rather than written per category:
//! the template is split at the line that opens the per-pair part (the first program, or the
//! problem statement) and at `{answer_instruction}`. The part between is filled once per exemplar
//! and once for the pair asked about, so a category with its own layout keeps it in its examples.

use crate::descriptor::{fill, CategoryDescriptor};
use crate::pair::Pair;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub const YES: &str = "YES";
pub const NO: &str = "NO";

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

    /// The instruction the prompt ends with.
    pub fn instruction(self) -> &'static str {
        if self.chain_of_thought() {
            COT_INSTRUCTION
        } else {
            DIRECT_INSTRUCTION
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

/// The instruction of ZERO and FEW (EquiBench's).
pub const DIRECT_INSTRUCTION: &str = "Please only output the answer of whether the two programs are equivalent or not. You should only output YES or NO.";

/// The instruction of ZERO_COT and FEW_COT.
pub const COT_INSTRUCTION: &str = "Please judge whether the two programs are equivalent or not. You should output YES or NO in the end. Let's think step by step.";

/// Opens the block of exemplars.
const EXAMPLES_INTRO: &str = "Here are some examples.";
/// Separates the exemplars from the pair asked about.
const QUERY_INTRO: &str = "Now judge the following.";

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

/// One few-shot exemplar as a prompt shows it: the pair (its label is the answer) and, for the
/// chain-of-thought type, the category's rationale for it.
#[derive(Debug, Clone, Copy)]
pub struct Shot<'a> {
    pub pair: &'a Pair,
    pub rationale: Option<&'a str>,
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
fn shot_answer(shot: &Shot, cot: bool) -> String {
    let word = if shot.pair.equivalent { YES } else { NO };
    match (shot.rationale, cot) {
        (Some(r), true) => format!("{} The answer is {word}.", r.trim_end()),
        _ => word.to_string(),
    }
}

/// The prompt of `ptype` for `pair` of `category`, showing `shots` for the few-shot types (in
/// their order; they must carry rationales for FEW_COT). The zero-shot types ignore `shots`.
pub fn build(
    pair: &Pair,
    category: &CategoryDescriptor,
    ptype: PromptType,
    shots: &[Shot],
) -> Result<String, PromptError> {
    let t = template(category);
    let ask = ptype.instruction();
    if !ptype.few_shot() {
        return Ok(fill_for(&t, pair, ask));
    }
    if shots.is_empty() {
        return Err(PromptError::NoExemplars {
            category: category.name.into(),
            prompt: ptype.record_name().into(),
        });
    }
    if ptype.chain_of_thought() {
        if let Some(s) = shots.iter().find(|s| s.rationale.is_none()) {
            return Err(PromptError::NoRationale {
                category: category.name.into(),
                id: s.pair.id.clone(),
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
    for (i, shot) in shots.iter().enumerate() {
        out.push_str(&format!("[Example {}]\n", i + 1));
        // A definition filled per pair (one naming the pair's registers) may differ from the one stated above.
        if shot.pair.definition != pair.definition {
            out.push_str(&format!(
                "In this example, equivalence means that, {}\n",
                shot.pair.definition
            ));
        }
        out.push_str(fill_for(parts.body, shot.pair, ask).trim_end());
        out.push_str("\n\n[Answer]: ");
        out.push_str(&shot_answer(shot, ptype.chain_of_thought()));
        out.push_str("\n\n");
    }
    out.push_str(QUERY_INTRO);
    out.push_str("\n\n");
    out.push_str(&fill_for(parts.body, pair, ask));
    out.push_str(&fill_for(parts.tail, pair, ask));
    Ok(out)
}

/// The zero-shot prompt for one pair of `category` (what `equibench prompts` writes).
pub fn zero_shot(p: &Pair, category: &CategoryDescriptor) -> String {
    fill_for(&template(category), p, PromptType::Zero.instruction())
}

/// sha256 of a prompt's UTF-8 text, lowercase hex: what eval's run log records.
pub fn sha256(prompt: &str) -> String {
    crate::pair::sha256_hex(prompt.as_bytes())
}

/// One JSONL record: the pair's id and category, the prompt, and the expected answer.
pub fn prompt_record(p: &Pair, category: &CategoryDescriptor) -> Value {
    json!({
        "id": p.id,
        "category": p.category,
        "prompt_type": PromptType::Zero,
        "prompt": zero_shot(p, category),
        "expected": if p.equivalent { YES } else { NO },
    })
}
