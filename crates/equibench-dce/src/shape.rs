//! What an edit looks like from the outside: its kind, the kind of block it touches, how many lines
//! and tokens it changes and how deeply the block is nested. Candidates are stratified by this shape so both
//! labels are drawn from the same surface distribution, and the shortcut report reads the same
//! shape back from a pair's two programs (no provenance needed).

use crate::markers::{self, BlockKind, Edit, Marked, Marker};
use equibench_core::pair::count_lines;
use equibench_core::shortcuts::{identifier_jaccard, token_diff};

/// The surface shape of one edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    pub edit: Edit,
    /// The removed block's kind; for a condition edit `if` or `if-else` (the `if`'s shape).
    pub block: &'static str,
    /// Non-blank lines of the removed block (comments included, as a diff sees them); for a
    /// condition edit, of its then-branch.
    pub lines: usize,
    /// How many lines shorter the edited program is than the original (0 for a condition edit):
    /// what a line count of the two programs shows.
    pub line_delta: usize,
    /// Tokens the edit removes or changes (the multiset difference of the two programs' tokens,
    /// `token_diff` of the shortcut report). Blocks of one line count can differ several-fold in
    /// it: CSmith's never-run array-initialising loops (`for (k = 0; k < 4; k++) l[i][j][k] = 1;`)
    /// are short in tokens per line, the checksum loops and statements that run are long; binned
    /// by lines alone, the token count told the labels apart (DCE 59.6% held out at 400 pairs).
    pub token_delta: usize,
    /// Whether some identifier of the original appears nowhere in the edited program (a removed
    /// block held its only uses): visible as identifier overlap below 1.
    pub drops_identifier: bool,
    /// Compound statements enclosing the block (a function body counts as 1).
    pub depth: usize,
}

/// Candidates whose shapes share a stratum are interchangeable on the surface: edit kind, block
/// kind, size bin, token bin, depth bin, whether an identifier vanishes.
pub type Stratum = (&'static str, &'static str, u8, u8, u8, bool);

/// Every block kind a shape can name, for 0/1 features.
pub const BLOCKS: &[&str] = &[
    "then-branch",
    "else-branch",
    "for-body",
    "while-body",
    "do-body",
    "switch-case",
    "if",
    "if-else",
];

/// Every edit kind, for 0/1 features.
pub const EDITS: &[Edit] = &[
    Edit::RemoveContents,
    Edit::ConditionMadeTrue,
    Edit::ConditionMadeFalse,
];

impl Shape {
    /// The edit's shape at `marker` of `program` (whose markers are `marked`).
    pub fn of(program: &str, marked: &Marked, marker: &Marker, edit: Edit) -> Shape {
        let lines_of = |m: &Marker| {
            program
                .get(m.contents.clone())
                .unwrap_or("")
                .lines()
                .filter(|l| !l.trim().is_empty())
                .count()
        };
        let tokens_changed = |edited: Option<&str>| edited.map_or(0, |e| token_diff(program, e));
        match edit {
            Edit::RemoveContents => {
                let edited = markers::apply_edit(program, marker, edit);
                Shape {
                    edit,
                    block: marker.kind.as_str(),
                    lines: lines_of(marker),
                    line_delta: edited.as_deref().map_or(0, |e| {
                        count_lines(program).saturating_sub(count_lines(e)) as usize
                    }),
                    token_delta: tokens_changed(edited.as_deref()),
                    drops_identifier: edited
                        .as_deref()
                        .is_some_and(|e| identifier_jaccard(program, e) < 1.0),
                    depth: marker.depth,
                }
            }
            Edit::ConditionMadeTrue | Edit::ConditionMadeFalse => {
                let same_if = |kind| {
                    marked
                        .markers
                        .iter()
                        .find(|m| m.kind == kind && m.condition == marker.condition)
                };
                let then = same_if(BlockKind::Then).unwrap_or(marker);
                Shape {
                    edit,
                    block: if same_if(BlockKind::Else).is_some() {
                        "if-else"
                    } else {
                        "if"
                    },
                    lines: lines_of(then),
                    line_delta: 0,
                    token_delta: tokens_changed(
                        markers::apply_edit(program, marker, edit).as_deref(),
                    ),
                    drops_identifier: false,
                    depth: then.depth,
                }
            }
        }
    }

    /// Coarse bins of the shape: edit, block, size (finer for small ones), tokens changed (powers
    /// of two), depth. The size of a removal is the line-count difference it makes, of a
    /// condition edit its then-branch's lines.
    pub fn stratum(&self) -> Stratum {
        let size = match self.edit {
            Edit::RemoveContents => self.line_delta,
            _ => self.lines,
        };
        let lines = match size {
            n @ 0..=4 => n as u8,
            5..=6 => 5,
            7..=9 => 6,
            10..=14 => 7,
            15..=22 => 8,
            23..=34 => 9,
            35..=54 => 10,
            _ => 11,
        };
        (
            self.edit.as_str(),
            self.block,
            lines,
            token_bin(self.token_delta),
            self.depth.clamp(2, 5) as u8,
            self.drops_identifier,
        )
    }

    /// The shape of the edit that turns one of the two programs into the other, read from the
    /// programs alone: the first program whose markers hold an edit giving the other one.
    pub fn of_pair(program_1: &str, program_2: &str) -> Option<Shape> {
        let at = program_1
            .bytes()
            .zip(program_2.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        for (original, edited) in [(program_1, program_2), (program_2, program_1)] {
            let Ok(marked) = markers::find_markers(original) else {
                continue;
            };
            for m in &marked.markers {
                let near = |r: &std::ops::Range<usize>| r.start <= at && at <= r.end;
                if !near(&m.contents) && !m.condition.as_ref().is_some_and(near) {
                    continue;
                }
                for &edit in EDITS {
                    if markers::apply_edit(original, m, edit).as_deref() == Some(edited) {
                        return Some(Shape::of(original, &marked, m, edit));
                    }
                }
            }
        }
        None
    }
}

/// The power-of-two bin of a token count: 0 for up to 8 tokens, then 9-16, 17-32, ... up to a last
/// bin of more than 2048.
pub fn token_bin(tokens: usize) -> u8 {
    let mut bin = 0;
    let mut top = 8;
    while tokens > top && bin < 9 {
        bin += 1;
        top *= 2;
    }
    bin
}

/// DCE's category features for the shortcut report (issue 14), read from the two programs alone
/// (the edit is found by redoing it, as the audit does, but without the evidence): the edit kind
/// and block kind as 0/1 indicators, the edited block's lines and its nesting depth. Empty when no
/// single edit relates the programs.
pub fn surface_features(program_1: &str, program_2: &str) -> Vec<(String, f64)> {
    let Some(shape) = Shape::of_pair(program_1, program_2) else {
        return Vec::new();
    };
    let mut out: Vec<(String, f64)> = EDITS
        .iter()
        .map(|e| {
            (
                format!("edit_kind={}", e.as_str()),
                f64::from(*e == shape.edit),
            )
        })
        .collect();
    out.extend(
        BLOCKS
            .iter()
            .map(|b| (format!("block_kind={b}"), f64::from(*b == shape.block))),
    );
    out.push(("block_lines".into(), shape.lines as f64));
    out.push(("nesting_depth".into(), shape.depth as f64));
    out
}
