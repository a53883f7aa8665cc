//! The prompt text of every pair, per prompt type, exactly as `equibench eval` sends it: built by
//! the eval crate's one prompt builder ([`Prompter`]) over the whole build, so the few-shot
//! exemplars chosen, and the pairs they must not share a program with, are those of `equibench
//! eval DIR`; never a copy of its text. A category that cannot have a type (no exemplars, no
//! rationales, too few exemplars outside the build) is left out of that type, with the reason.

use crate::ExportError;
use equibench_core::{CategoryName, Pair, Registry};
use equibench_eval::prompt::Prompter;
use equibench_eval::{EvalError, PromptType};
use std::collections::BTreeMap;

/// The prompts of one type.
#[derive(Debug, Clone, Default)]
pub struct Prompts {
    /// By pair id.
    pub text: BTreeMap<String, String>,
    /// Categories without this type, with the reason.
    pub skipped: BTreeMap<CategoryName, String>,
}

/// The prompts of `types` for `pairs` (a whole build, in its order).
pub fn build(
    pairs: &[Pair],
    registry: &Registry,
    types: &[PromptType],
) -> Result<BTreeMap<PromptType, Prompts>, ExportError> {
    let mut out = BTreeMap::new();
    for &ptype in types {
        // The evaluated set is every pair of the build, as for `equibench eval DIR`.
        let mut prompter = Prompter::new(pairs, ptype, registry);
        let mut prompts = Prompts::default();
        for pair in pairs {
            if prompts.skipped.contains_key(&pair.category) {
                continue;
            }
            match prompter.prompt(pair) {
                Ok(text) => {
                    prompts.text.insert(pair.id.clone(), text);
                }
                // The category cannot have this type: drop what it had so far.
                Err(e) if per_category(&e) => {
                    prompts.skipped.insert(pair.category, e.to_string());
                    let gone: Vec<String> = pairs
                        .iter()
                        .filter(|p| p.category == pair.category)
                        .map(|p| p.id.clone())
                        .collect();
                    for id in gone {
                        prompts.text.remove(&id);
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        out.insert(ptype, prompts);
    }
    Ok(out)
}

/// Errors that concern one category's ability to have a prompt type, not the build.
fn per_category(e: &EvalError) -> bool {
    matches!(e, EvalError::Prompt(_) | EvalError::Exemplar(_))
}

/// The key of a prompt type in the exported data (`prompt_zero`, `prompt_few_cot`, ...).
pub fn column(ptype: PromptType) -> String {
    format!("prompt_{}", ptype.record_name().to_ascii_lowercase())
}

/// Parse `--prompt` values: comma-separated types in either spelling; empty means all four.
pub fn parse_types(list: &[String]) -> Result<Vec<PromptType>, ExportError> {
    if list.is_empty() {
        return Ok(PromptType::ALL.to_vec());
    }
    let mut types = list
        .iter()
        .map(|s| s.parse::<PromptType>().map_err(ExportError::Options))
        .collect::<Result<Vec<_>, _>>()?;
    types.sort();
    types.dedup();
    Ok(types)
}

/// The data both evaluation formats read: per category a JSONL file of its pairs (`id`,
/// `category`, `target` YES/NO, and `prompt_<type>` for each type the category has).
pub struct EvalData {
    /// Per category: its record spelling, the file's path relative to the export, its bytes and
    /// its rows.
    pub files: Vec<DataFile>,
    /// The types each category has, in [`PromptType`] order.
    pub available: BTreeMap<CategoryName, Vec<PromptType>>,
    /// Per type, the categories left out and why.
    pub skipped: BTreeMap<PromptType, BTreeMap<CategoryName, String>>,
}

pub struct DataFile {
    pub category: CategoryName,
    pub path: String,
    pub bytes: Vec<u8>,
    pub rows: usize,
}

/// Build the prompts of `types` and lay them out per category.
pub fn eval_data(
    source: &crate::Source,
    registry: &Registry,
    types: &[PromptType],
) -> Result<EvalData, ExportError> {
    let built = build(&source.pairs, registry, types)?;
    let mut data = EvalData {
        files: Vec::new(),
        available: BTreeMap::new(),
        skipped: BTreeMap::new(),
    };
    for (ptype, prompts) in &built {
        if !prompts.skipped.is_empty() {
            data.skipped.insert(*ptype, prompts.skipped.clone());
        }
    }
    for (category, pairs) in source.by_category() {
        let types: Vec<PromptType> = built
            .iter()
            .filter(|(_, p)| !p.skipped.contains_key(&category))
            .map(|(t, _)| *t)
            .collect();
        let mut text = String::new();
        for p in &pairs {
            let mut record = serde_json::Map::new();
            record.insert("id".into(), p.id.clone().into());
            record.insert("category".into(), p.category.as_str().into());
            let target = if p.equivalent {
                equibench_core::prompts::YES
            } else {
                equibench_core::prompts::NO
            };
            record.insert("target".into(), target.into());
            for t in &types {
                let prompt = built[t].text.get(&p.id).ok_or_else(|| {
                    ExportError::Options(format!(
                        "no {} prompt was made for pair {}",
                        t.record_name(),
                        p.id
                    ))
                })?;
                record.insert(column(*t), prompt.clone().into());
            }
            text.push_str(&serde_json::Value::Object(record).to_string());
            text.push('\n');
        }
        data.files.push(DataFile {
            category,
            path: format!("data/{category}.jsonl"),
            bytes: text.into_bytes(),
            rows: pairs.len(),
        });
        data.available.insert(category, types);
    }
    Ok(data)
}
