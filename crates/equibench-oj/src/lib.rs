//! equibench-oj: the OJ_A, OJ_V and OJ_VA categories (EquiBench's competitive-programming pairs).
//!
//! - [`codenet`] reads a CodeNet-layout tree (a user's CodeNet copy, or the embedded `data/oj/`);
//! - [`runner`] runs submissions in the core sandbox, through a pre-forked Python worker;
//! - [`compare`] compares outputs as judges do; [`judge`] gives verdicts and writes the embedded
//!   corpus's metadata (`equibench tool oj_a judge`, [`command`]); [`inputs`] makes each problem's test inputs;
//! - [`pytool`] drives `tools/py_rename.py` (renaming, normalising, alpha-equivalence, mutants);
//! - [`candidates`] chooses and orders candidate pairs; [`make`] turns one into a pair with its
//!   evidence; [`audit`] re-checks a pair; [`category`] is the [`Category`] implementation;
//! - [`tools`] declares the external tools they run.

#![forbid(unsafe_code)]

pub mod audit;
pub mod candidates;
pub mod category;
pub mod codenet;
pub mod command;
pub mod compare;
pub mod csv;
pub mod disagreement;
pub mod evidence;
pub mod inputs;
pub mod judge;
pub mod make;
pub mod packed;
pub mod pytool;
pub mod rationale;
pub mod runner;
pub mod select;
pub mod shared;
pub mod surface;
pub mod tools;
pub mod variant;

pub use category::OjCategory;
pub use judge::{judge_corpus, JudgeOptions, JudgeReport};
pub use variant::Variant;

use equibench_core::Category;

/// OJ_A: Accepted + Accepted (equivalent), Accepted + Wrong Answer (inequivalent).
pub fn oj_a() -> Box<dyn Category> {
    Box::new(OjCategory::new(Variant::A))
}

/// OJ_V: a program and its renamed self; an Accepted program and a renamed near-miss Wrong Answer.
pub fn oj_v() -> Box<dyn Category> {
    Box::new(OjCategory::new(Variant::V))
}

/// OJ_VA: Accepted + renamed Accepted; Accepted + renamed Wrong Answer.
pub fn oj_va() -> Box<dyn Category> {
    Box::new(OjCategory::new(Variant::Va))
}

/// All three, for registering in one line.
pub fn categories() -> Vec<Box<dyn Category>> {
    vec![oj_a(), oj_v(), oj_va()]
}
