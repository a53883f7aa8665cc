//! The three OJ categories: one machinery, three descriptors. [`Variant`] is how the crate tells
//! them apart; the core only ever sees their descriptors.

use equibench_core::{CategoryDescriptor, ContextField, InputOption};

/// OJ_A (two submissions), OJ_V (a submission and its renamed self, or a renamed Wrong Answer) or
/// OJ_VA (both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variant {
    A,
    V,
    Va,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::A, Variant::V, Variant::Va];

    /// The record spelling (`OJ_A`, ...), which also seeds the category's random choices.
    pub fn as_str(self) -> &'static str {
        self.descriptor().name
    }

    pub fn descriptor(self) -> &'static CategoryDescriptor {
        match self {
            Variant::A => &OJ_A,
            Variant::V => &OJ_V,
            Variant::Va => &OJ_VA,
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.descriptor().name)
    }
}

const DEFINITION: &str = "given any valid input under the problem description, the two programs will always give the same output.";

const CONTEXT: &[ContextField] = &[
    ContextField {
        key: "problem_id",
        doc: "the problem's id (CodeNet's `pXXXXX`, or the embedded corpus's)",
        required: true,
        harness_field: None,
    },
    ContextField {
        key: "problem_html",
        doc: "the problem statement as HTML, shown to the model before the programs",
        required: true,
        harness_field: Some("problem_html_content"),
    },
];

pub static OJ_A: CategoryDescriptor = CategoryDescriptor {
    name: "OJ_A",
    cli_name: "oj_a",
    aliases: &[],
    harness_dir: "OJ_A",
    language: "Python",
    summary: "Python submissions: two Accepted, or Accepted and Wrong Answer",
    definition: DEFINITION,
    context: CONTEXT,
    problem_statement: Some("problem_html"),
    prompt_template: None,
    inputs: &[CODENET],
};

/// `--codenet DIR`, shared by the three OJ categories.
pub static CODENET: InputOption = InputOption {
    flag: "codenet",
    value_name: "DIR",
    help: "A CodeNet-layout directory to draw OJ submissions from instead of the embedded default \
           (audit needs it too for pairs built from it)",
    multiple: false,
    audit: true,
};

pub static OJ_V: CategoryDescriptor = CategoryDescriptor {
    name: "OJ_V",
    cli_name: "oj_v",
    aliases: &[],
    harness_dir: "OJ_V",
    summary: "Python submissions with variables renamed: a program and its renamed self, or a renamed Wrong Answer",
    ..OJ_A
};

pub static OJ_VA: CategoryDescriptor = CategoryDescriptor {
    name: "OJ_VA",
    cli_name: "oj_va",
    aliases: &[],
    harness_dir: "OJ_VA",
    summary: "Python submissions, two different ones and one of them renamed",
    ..OJ_A
};
