//! Block markers (the DEAD tool's program-markers, re-done on tree-sitter-c): find every then/else
//! branch, loop body and switch case of a C program with exact byte ranges, and write the
//! instrumented program that calls an opaque `DCEMarkerN_()` first thing in each of them.
//!
//! The numbering is a pure function of the program text, so an audit can re-instrument program_1
//! and find the same block under the same id.

use std::fmt;

/// Prefix of every marker function; no generated program may contain it.
pub const MARKER_PREFIX: &str = "DCEMarker";

/// What kind of block a marker sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum BlockKind {
    Then,
    Else,
    /// An `else { }` the instrumenter added; it has no contents to remove.
    AddedElse,
    ForBody,
    WhileBody,
    DoBody,
    Case,
}

impl BlockKind {
    pub fn as_str(self) -> &'static str {
        match self {
            BlockKind::Then => "then-branch",
            BlockKind::Else => "else-branch",
            BlockKind::AddedElse => "added-else",
            BlockKind::ForBody => "for-body",
            BlockKind::WhileBody => "while-body",
            BlockKind::DoBody => "do-body",
            BlockKind::Case => "switch-case",
        }
    }
}

impl fmt::Display for BlockKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One marked block, with byte offsets into the ORIGINAL (unmarked) program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    pub id: usize,
    pub kind: BlockKind,
    /// Where the marker call goes (just after `{`, after a case's `:`, or the end of an `if`).
    pub insert_at: usize,
    /// The block's contents (between the braces, or a case's statements); empty for `AddedElse`.
    pub contents: std::ops::Range<usize>,
    /// For the branches of an `if` (then, else, added else): its condition including the
    /// parentheses.
    pub condition: Option<std::ops::Range<usize>>,
    /// How many compound statements enclose the block (a function body counts as 1).
    pub depth: usize,
}

impl Marker {
    /// Whether the block holds code: comments alone do not count, so removing a block never
    /// just removes a comment.
    pub fn has_contents(&self, program: &str) -> bool {
        program
            .get(self.contents.clone())
            .is_some_and(|s| !without_comments(s).trim().is_empty())
    }

    pub fn name(&self) -> String {
        marker_name(self.id)
    }
}

pub fn marker_name(id: usize) -> String {
    format!("{MARKER_PREFIX}{id}_")
}

/// `code` with its `/* */` and `//` comments removed (string and character literals kept).
pub fn without_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                out.push(c);
                while let Some(d) = chars.next() {
                    out.push(d);
                    if d == '\\' {
                        out.extend(chars.next());
                    } else if d == c {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for d in chars.by_ref() {
                    if last == '*' && d == '/' {
                        break;
                    }
                    last = d;
                }
                out.push(' ');
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// A program with its markers found.
#[derive(Debug, Clone)]
pub struct Marked {
    pub markers: Vec<Marker>,
    /// Blocks left unmarked because a goto label (or a foreign case label) lets control in
    /// without passing the top of the block.
    pub skipped_for_labels: usize,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MarkerError {
    #[error("tree-sitter could not load the C grammar: {0}")]
    Grammar(String),
    #[error("tree-sitter produced no tree")]
    NoTree,
    #[error("the program does not parse cleanly as C")]
    Syntax,
    #[error("the program already contains the marker prefix {MARKER_PREFIX}")]
    AlreadyMarked,
}

fn parse(program: &str) -> Result<tree_sitter::Tree, MarkerError> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_c::LANGUAGE.into())
        .map_err(|e| MarkerError::Grammar(e.to_string()))?;
    let tree = parser.parse(program, None).ok_or(MarkerError::NoTree)?;
    if tree.root_node().has_error() {
        return Err(MarkerError::Syntax);
    }
    Ok(tree)
}

/// Find every markable block of `program`, numbered in order of where their marker goes.
pub fn find_markers(program: &str) -> Result<Marked, MarkerError> {
    if program.contains(MARKER_PREFIX) {
        return Err(MarkerError::AlreadyMarked);
    }
    let tree = parse(program)?;
    let mut found = Vec::new();
    let mut skipped = 0;
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            stack.push(child);
        }
        visit(node, &mut found, &mut skipped);
    }
    found.sort_by_key(|m: &Marker| (m.insert_at, m.kind));
    for (i, m) in found.iter_mut().enumerate() {
        m.id = i;
    }
    Ok(Marked {
        markers: found,
        skipped_for_labels: skipped,
    })
}

/// How many compound statements enclose `node` (itself included).
fn depth_of(node: tree_sitter::Node) -> usize {
    let mut depth = 0;
    let mut cur = Some(node);
    while let Some(n) = cur {
        depth += usize::from(n.kind() == "compound_statement");
        cur = n.parent();
    }
    depth
}

fn visit(node: tree_sitter::Node, found: &mut Vec<Marker>, skipped: &mut usize) {
    let mut push = |kind, body: Option<tree_sitter::Node>, condition| {
        let Some(body) = body else { return };
        if body.kind() != "compound_statement" {
            return;
        }
        if enterable_from_outside(body, body) {
            *skipped += 1;
            return;
        }
        let open = body.start_byte() + 1;
        let close = body.end_byte().saturating_sub(1);
        found.push(Marker {
            id: 0,
            kind,
            insert_at: open,
            contents: open..close.max(open),
            condition,
            depth: depth_of(body),
        });
    };
    match node.kind() {
        "if_statement" => {
            let cond = node
                .child_by_field_name("condition")
                .map(|c| c.start_byte()..c.end_byte());
            let then = node.child_by_field_name("consequence");
            push(BlockKind::Then, then, cond.clone());
            match node.child_by_field_name("alternative") {
                Some(alt) => {
                    // tree-sitter-c 0.24 wraps the else branch in an `else_clause`.
                    let stmt = if alt.kind() == "else_clause" {
                        alt.named_child(alt.named_child_count().saturating_sub(1))
                    } else {
                        Some(alt)
                    };
                    push(BlockKind::Else, stmt, cond.clone());
                }
                None => {
                    if then.is_some_and(|t| t.kind() == "compound_statement") {
                        let end = node.end_byte();
                        found.push(Marker {
                            id: 0,
                            kind: BlockKind::AddedElse,
                            insert_at: end,
                            contents: end..end,
                            condition: cond.clone(),
                            depth: then.map_or(0, depth_of),
                        });
                    }
                }
            }
        }
        "for_statement" => push(BlockKind::ForBody, node.child_by_field_name("body"), None),
        "while_statement" => push(BlockKind::WhileBody, node.child_by_field_name("body"), None),
        "do_statement" => push(BlockKind::DoBody, node.child_by_field_name("body"), None),
        "case_statement" => {
            // `case V:` / `default:` followed by statements; the marker goes after the colon.
            let mut cursor = node.walk();
            let colon = node.children(&mut cursor).find(|c| c.kind() == ":");
            let Some(colon) = colon else { return };
            let mut cursor = node.walk();
            let stmts: Vec<_> = node
                .children(&mut cursor)
                .filter(|c| c.start_byte() >= colon.end_byte() && c.is_named())
                .collect();
            if stmts.iter().any(|s| enterable_from_outside(*s, node)) {
                *skipped += 1;
                return;
            }
            found.push(Marker {
                id: 0,
                kind: BlockKind::Case,
                insert_at: colon.end_byte(),
                contents: colon.end_byte()..node.end_byte(),
                condition: None,
                depth: depth_of(node) + 1,
            });
        }
        _ => {}
    }
}

/// True when `node` holds a goto label, or a case label whose switch lies outside `block`:
/// control could then reach the block's contents without running its marker.
fn enterable_from_outside(node: tree_sitter::Node, block: tree_sitter::Node) -> bool {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "labeled_statement" => return true,
            "case_statement" if n.id() != block.id() && !switch_inside(n, block) => return true,
            _ => {}
        }
        let mut cursor = n.walk();
        for child in n.children(&mut cursor) {
            stack.push(child);
        }
    }
    false
}

/// Whether the switch owning case label `case` lies strictly inside `block`.
fn switch_inside(case: tree_sitter::Node, block: tree_sitter::Node) -> bool {
    let mut cur = case.parent();
    while let Some(p) = cur {
        if p.id() == block.id() {
            return false;
        }
        if p.kind() == "switch_statement" {
            return p.start_byte() >= block.start_byte() && p.end_byte() <= block.end_byte();
        }
        cur = p.parent();
    }
    false
}

/// The program with a call to every marker and a declaration of each at the top.
pub fn instrument(program: &str, marked: &Marked) -> String {
    let mut inserts: Vec<(usize, String)> = marked
        .markers
        .iter()
        .map(|m| (m.insert_at, marker_call(m)))
        .collect();
    // Markers sharing an offset keep their id order (the sort in find_markers is stable).
    inserts.sort_by_key(|(at, _)| *at);
    let mut out = String::with_capacity(program.len() + inserts.len() * 24);
    for m in &marked.markers {
        out.push_str(&format!("void {}(void);\n", m.name()));
    }
    let mut last = 0;
    for (at, text) in inserts {
        out.push_str(&program[last..at]);
        out.push_str(&text);
        last = at;
    }
    out.push_str(&program[last..]);
    out
}

/// The text [`instrument`] inserts for one marker.
fn marker_call(m: &Marker) -> String {
    match m.kind {
        BlockKind::AddedElse => format!(" else {{ {}(); }}", m.name()),
        _ => format!(" {}();", m.name()),
    }
}

/// Where offset `at` of the original program lands in [`instrument`]'s text: after the
/// declarations and after every call inserted at or before `at`. A call inserted exactly at a
/// block's start so falls before it, and an added `else` at the end of an `if` that ends a
/// block's contents falls inside them, which is where each belongs.
pub fn instrumented_offset(marked: &Marked, at: usize) -> usize {
    marked
        .markers
        .iter()
        .map(|m| {
            let declaration = format!("void {}(void);\n", m.name()).len();
            declaration
                + if m.insert_at <= at {
                    marker_call(m).len()
                } else {
                    0
                }
        })
        .sum::<usize>()
        + at
}

/// `marker` with its ranges moved into [`instrument`]'s text (see [`instrumented_offset`]), for
/// edits made to the instrumented program.
pub fn instrumented_marker(marked: &Marked, marker: &Marker) -> Marker {
    let map = |r: &std::ops::Range<usize>| {
        instrumented_offset(marked, r.start)..instrumented_offset(marked, r.end)
    };
    Marker {
        insert_at: instrumented_offset(marked, marker.insert_at),
        contents: map(&marker.contents),
        condition: marker.condition.as_ref().map(map),
        ..marker.clone()
    }
}

/// How program_2 is made from program_1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edit {
    /// The block's contents are deleted; its braces and any condition stay.
    RemoveContents,
    /// The `if`'s condition `(c)` becomes `((c) || 1)`: evaluated as before, then always taken.
    ConditionMadeTrue,
    /// The `if`'s condition `(c)` becomes `((c) && 0)`: evaluated as before, then never taken.
    ConditionMadeFalse,
}

impl Edit {
    pub fn as_str(self) -> &'static str {
        match self {
            Edit::RemoveContents => "remove-block-contents",
            Edit::ConditionMadeTrue => "condition-made-true",
            Edit::ConditionMadeFalse => "condition-made-false",
        }
    }

    pub fn parse(s: &str) -> Option<Edit> {
        match s {
            "remove-block-contents" => Some(Edit::RemoveContents),
            "condition-made-true" => Some(Edit::ConditionMadeTrue),
            "condition-made-false" => Some(Edit::ConditionMadeFalse),
            _ => None,
        }
    }
}

/// Apply `edit` at `marker` to the original program; None when the edit does not apply.
pub fn apply_edit(program: &str, marker: &Marker, edit: Edit) -> Option<String> {
    match edit {
        Edit::RemoveContents => {
            if !marker.has_contents(program) || marker.kind == BlockKind::AddedElse {
                return None;
            }
            // A case label needs a statement after it (C17), so its contents become `;`.
            let filler = match marker.kind {
                BlockKind::Case => " ;\n",
                _ => "\n",
            };
            Some(format!(
                "{}{}{}",
                &program[..marker.contents.start],
                filler,
                &program[marker.contents.end..]
            ))
        }
        Edit::ConditionMadeTrue | Edit::ConditionMadeFalse => {
            // `|| 1` is made at a then-branch (forcing it) or an else-branch (skipping it), `&& 0`
            // at a then-branch only: both name the `if` through one of its branches.
            let fits = match edit {
                Edit::ConditionMadeTrue => matches!(
                    marker.kind,
                    BlockKind::Then | BlockKind::Else | BlockKind::AddedElse
                ),
                _ => marker.kind == BlockKind::Then,
            };
            if !fits {
                return None;
            }
            let cond = marker.condition.clone()?;
            let text = program.get(cond.clone())?;
            let tail = if edit == Edit::ConditionMadeTrue {
                "|| 1"
            } else {
                "&& 0"
            };
            Some(format!(
                "{}({} {tail}){}",
                &program[..cond.start],
                text,
                &program[cond.end..]
            ))
        }
    }
}

/// 1-based line range of a byte range, for human-readable transformations.
pub fn line_span(program: &str, range: &std::ops::Range<usize>) -> (usize, usize) {
    let line_of = |at: usize| program[..at.min(program.len())].matches('\n').count() + 1;
    (line_of(range.start), line_of(range.end))
}
