//! The Python the evaluation exports ship: one port of `equibench eval`'s answer parser
//! (`python/answer.py`, tested against the eval crate's table of reply forms), and the glue each
//! tool needs around it. A generated file is the parser followed by its glue, so both tools read
//! replies with the same code.

/// The answer parser.
pub const ANSWER: &str = include_str!("../python/answer.py");
/// lm-evaluation-harness: the data loader and the filter.
pub const LM_EVAL_GLUE: &str = include_str!("../python/lm_eval_glue.py");
/// Inspect: the task and the scorer.
pub const INSPECT_GLUE: &str = include_str!("../python/inspect_glue.py");

/// The parser followed by `glue`, as one module.
pub fn module(header: &str, glue: &str) -> String {
    format!("{header}\n\n{ANSWER}\n\n{glue}")
}
