//! The strict answer parser: a reply counts only when its final verdict is unmistakably YES or
//! NO. Anything else is [`Answer::Unparsed`], scored wrong and reported as its own rate, never
//! guessed (EquiBench's harness asks a second model, or flips a coin; the coin is
//! `--paper-compat`, see [`crate::runner`]). A reply cut at the token limit
//! (`finish_reason: "length"`) is [`Answer::Truncated`] whatever it says: its last words may not
//! be its verdict.
//!
//! Every accepted and refused form, with an example, is a row of `data/answer-forms.jsonl` in this
//! crate ([`FORMS_FILE`]); the tests read it, `docs/evaluating.md` shows it, and the Python port
//! of this parser (the lm-evaluation-harness and Inspect exports) is tested against it.
//!
//! # The rules (precise enough to port)
//!
//! 1. `finish_reason` "length": **truncated**. Otherwise the text after the last `</think>` is
//!    read, and an unclosed `<think>` drops everything from it on. Curly quotes become straight
//!    ones and `…` becomes `...`. Lines are trimmed; code-fence lines (starting with three
//!    backticks) are dropped. The *final line* is the last non-empty one, the *opening line* the
//!    first.
//! 2. A **mention** is a word `yes` or `no` in any case (a maximal run of ASCII letters, digits
//!    and `_`, not joined by `-` or `'` to another word: `no-op` is no mention) that is in capitals,
//!    or is not followed (after spaces) by a letter, or is followed by a condition word (below).
//!    So "no doubt", "no different" and "yes they are" are prose; "NO", "no." and "yes if" are
//!    mentions.
//! 3. Each mention is, in this order of precedence:
//!    - a **choice** when it and a neighbouring `yes`/`no` word are separated only by spaces,
//!      ``,/|*_`"'()[]`` and at most one of `or`, `and`, `nor` ("YES or NO", "YES/NO");
//!    - **quoted** when it lies inside a `"..."` or `` `...` `` span holding more than the word;
//!    - a **question** when the first `.`, `!` or `?` after it on its line is `?`;
//!    - **negated** when one of the three words before it in its clause is `not`, `never`,
//!      `cannot` or ends in `n't`;
//!    - **reported** when a word of its clause before it is one of [`REPORTED`] ("said",
//!      "draft", "earlier", "prints", "might", ...);
//!    - **conditional** when its clause holds a word of [`CONDITIONS`] ("if", "unless",
//!      "otherwise", "when", ...), or the clause just before or after it in the same sentence
//!      begins with one;
//!    - otherwise **valid**.
//!
//!    Clauses end at `, ; : ! ?`, at `.` (not between digits), at `(` after a space and at `)`;
//!    sentences end at `. ! ?` and at the end of the line.
//! 4. A valid mention is a **statement** when it follows an answer label (the text before it on
//!    its line, with ``*_`"'[](){}#>$~:=\-`` read as spaces, ends with one of [`LABELS`]: "Answer:
//!    NO", "The answer is **YES**", "my verdict is YES", `\boxed{YES}`), when it is alone on its
//!    line (emphasis and punctuation aside: `**NO**`, "Yes."), when the rest of the final line
//!    after it is only punctuation and emphasis (the final line *ends with* it), or when it alone,
//!    emphasis aside, is the first sentence of the opening line ("NO. The loops differ."). Any
//!    other valid mention on the final line is **stray**.
//! 5. A **retraction** is a clause beginning with `wait`, `actually`, `correction` or `oops`, or
//!    one of the phrases of [`RETRACTIONS`] anywhere ("let me reconsider", "I was wrong").
//! 6. Statements, stray mentions, conditional mentions and retractions are the reply's *events*,
//!    in the order of the text. The last event decides: a statement gives its verdict, unless its
//!    line holds, after the last retraction before it, a conditional mention or a valid mention of
//!    the other verdict (then unparsed); a stray or conditional mention, or a retraction, after
//!    every statement makes the reply **unparsed**; no event at all is **unparsed**.
//!
//! So a retracted answer is replaced by what follows the retraction, or by nothing; a conditional
//! answer is no answer; a verdict word in a negation, a question, a quotation, a list of choices
//! or a report of someone else's words is not the reply's verdict.

use serde::{Deserialize, Serialize};

/// What a reply says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Answer {
    #[serde(rename = "YES")]
    Yes,
    #[serde(rename = "NO")]
    No,
    /// No final verdict could be read (scored wrong, or by the coin under `--paper-compat`).
    #[serde(rename = "unparsed")]
    Unparsed,
    /// The reply was cut at the token limit (`finish_reason: "length"`), so it was not read;
    /// scored as unparsed.
    #[serde(rename = "truncated")]
    Truncated,
}

impl Answer {
    pub fn from_label(equivalent: bool) -> Answer {
        if equivalent {
            Answer::Yes
        } else {
            Answer::No
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Yes => "YES",
            Answer::No => "NO",
            Answer::Unparsed => "unparsed",
            Answer::Truncated => "truncated",
        }
    }

    /// YES or NO: an answer that can be right.
    pub fn is_verdict(self) -> bool {
        matches!(self, Answer::Yes | Answer::No)
    }
}

/// The crate-relative path of the table of every documented reply form (reply, finish_reason,
/// expected answer), one JSON object a line; see [`forms`].
pub const FORMS_FILE: &str = "data/answer-forms.jsonl";

/// The table itself, compiled in.
const FORMS: &str = include_str!("../data/answer-forms.jsonl");

/// One documented reply form: what a reply of this shape is read as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Form {
    /// What the form is, in a few words (the docs' first column).
    pub form: String,
    pub reply: String,
    /// As the server sent it; absent for a server that sends none.
    pub finish_reason: Option<String>,
    pub expected: Answer,
    /// Where the case comes from, when a report or an issue named it (e.g. "issue 37").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// Every row of [`FORMS_FILE`], in the file's order.
pub fn forms() -> Vec<Form> {
    FORMS
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{FORMS_FILE} line {}: {e}", i + 1))
        })
        .collect()
}

/// The `finish_reason` of a reply cut at `max_tokens`.
pub const FINISH_LENGTH: &str = "length";

/// Read a reply given the `finish_reason` the server sent with it.
pub fn read(reply: &str, finish_reason: Option<&str>) -> Answer {
    if finish_reason == Some(FINISH_LENGTH) {
        Answer::Truncated
    } else {
        parse(reply)
    }
}

/// Words that make a mention conditional (rule 3).
pub const CONDITIONS: &[&str] = &[
    "if",
    "unless",
    "otherwise",
    "else",
    "when",
    "whenever",
    "provided",
    "assuming",
    "depends",
    "depending",
    "except",
];

/// Words that make a mention a report of other words (rule 3): speech, earlier drafts, what a
/// program prints, what someone might say.
pub const REPORTED: &[&str] = &[
    "said",
    "says",
    "say",
    "saying",
    "wrote",
    "writes",
    "draft",
    "earlier",
    "previously",
    "previous",
    "initially",
    "originally",
    "thought",
    "assumed",
    "guessed",
    "claimed",
    "claims",
    "print",
    "prints",
    "printed",
    "outputs",
    "returns",
    "returned",
    "might",
    "could",
    "expect",
    "expects",
];

/// Answer labels (rule 4), as words; `:` and `=` count as spaces.
pub const LABELS: &[&str] = &[
    "answer",
    "answer is",
    "answer would be",
    "answer will be",
    "verdict",
    "verdict is",
    "conclusion",
    "conclusion is",
    "boxed",
    "boxed text",
];

/// Phrases that retract what came before, anywhere in a clause (rule 5).
pub const RETRACTIONS: &[&str] = &[
    "reconsider",
    "reconsidering",
    "second thought",
    "scratch that",
    "i was wrong",
    "that was wrong",
    "that is wrong",
    "that's wrong",
    "my mistake",
    "made a mistake",
    "re evaluate",
    "reevaluate",
    "let me recheck",
];

/// Words that retract when they begin a clause (rule 5).
const CLAUSE_RETRACTIONS: &[&str] = &["wait", "actually", "correction", "oops"];

/// Emphasis and punctuation allowed after a verdict that ends the final line.
const TRAILING: &str = " \t.,;:!*_`\"')]}$>~\\";
/// Read as spaces before an answer label.
const LABEL_DRESSING: &str = "*_`\"'[](){}#>$~:=\\-";
/// Allowed around a verdict that is a whole opening sentence.
const AROUND: &str = " \t*_`\"'[](){}#>$~\\";
/// Allowed between the two words of a choice, besides one `or`/`and`/`nor`.
const CHOICE_GAP: &str = " \t,/|*_`\"'()[]";

/// Read the final YES/NO of a complete reply (see the module documentation for the rules).
pub fn parse(reply: &str) -> Answer {
    let text = normalise(after_thinking(reply));
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("```"))
        .collect();
    let Some(last) = lines.iter().rposition(|l| !l.is_empty()) else {
        return Answer::Unparsed;
    };
    let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(last);
    for i in (first..=last).rev() {
        let line = Line::scan(lines[i]);
        let events = line.events(i == last, i == first);
        if let Some(e) = events.last() {
            return line.decide(e);
        }
    }
    Answer::Unparsed
}

/// The text after the last `</think>`, without an unclosed `<think>` block.
fn after_thinking(reply: &str) -> &str {
    let rest = match reply.rfind("</think>") {
        Some(end) => &reply[end + "</think>".len()..],
        None => reply,
    };
    match rest.find("<think>") {
        Some(open) => &rest[..open],
        None => rest,
    }
}

fn normalise(text: &str) -> String {
    text.replace(['\u{2018}', '\u{2019}'], "'")
        .replace(['\u{201C}', '\u{201D}'], "\"")
        .replace('\u{2026}', "...")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Valid,
    Conditional,
    Negated,
    Reported,
    Question,
    Choice,
    Quoted,
}

#[derive(Debug, Clone, Copy)]
struct Mention {
    start: usize,
    answer: Answer,
    status: Status,
    labelled: bool,
    line_end: bool,
    whole_line: bool,
    opening: bool,
}

#[derive(Debug, Clone, Copy)]
enum Event {
    Statement(Mention),
    Stray,
    Conditional,
    Retraction,
}

/// A word of a line: a maximal run of ASCII letters, digits, `_` and inner `'`, lowercased.
struct Word {
    start: usize,
    lower: String,
}

struct Line<'a> {
    text: &'a str,
    words: Vec<Word>,
    mentions: Vec<Mention>,
    retractions: Vec<usize>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn only(s: &str, allowed: &str) -> bool {
    s.chars().all(|c| allowed.contains(c))
}

impl<'a> Line<'a> {
    fn scan(text: &'a str) -> Line<'a> {
        let words = words(text);
        let mut line = Line {
            text,
            words,
            mentions: Vec::new(),
            retractions: Vec::new(),
        };
        line.retractions = line.find_retractions();
        line.mentions = line.find_mentions();
        line
    }

    fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    /// Is byte `k` a clause boundary (rule 3)?
    fn clause_boundary(&self, k: usize) -> bool {
        let b = self.bytes();
        match b[k] {
            b',' | b';' | b':' | b'!' | b'?' | b')' => true,
            b'.' => {
                !(k > 0
                    && k + 1 < b.len()
                    && b[k - 1].is_ascii_digit()
                    && b[k + 1].is_ascii_digit())
            }
            b'(' => k == 0 || b[k - 1].is_ascii_whitespace(),
            _ => false,
        }
    }

    fn sentence_end(&self, k: usize) -> bool {
        matches!(self.bytes()[k], b'.' | b'!' | b'?') && self.clause_boundary(k)
    }

    /// The clause around byte range `start..end`: (first byte, one past the last byte).
    fn clause(&self, start: usize, end: usize) -> (usize, usize) {
        let from = (0..start)
            .rev()
            .find(|&k| self.clause_boundary(k))
            .map_or(0, |k| k + 1);
        let to = (end..self.text.len())
            .find(|&k| self.clause_boundary(k))
            .unwrap_or(self.text.len());
        (from, to)
    }

    fn words_in(&self, from: usize, to: usize) -> impl Iterator<Item = &Word> {
        self.words
            .iter()
            .filter(move |w| w.start >= from && w.start < to)
    }

    fn first_word_in(&self, from: usize, to: usize) -> Option<&str> {
        self.words_in(from, to).next().map(|w| w.lower.as_str())
    }

    fn find_retractions(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, w) in self.words.iter().enumerate() {
            let clause_start = self.text[..w.start]
                .trim_end_matches(|c: char| c.is_whitespace() || AROUND.contains(c))
                .bytes()
                .last()
                .is_none_or(|b| matches!(b, b',' | b';' | b':' | b'!' | b'?' | b'.' | b'(' | b')'));
            if clause_start && CLAUSE_RETRACTIONS.contains(&w.lower.as_str()) {
                out.push(w.start);
                continue;
            }
            for phrase in RETRACTIONS {
                let parts: Vec<&str> = phrase.split(' ').collect();
                if self.words[i..].len() >= parts.len()
                    && self.words[i..i + parts.len()]
                        .iter()
                        .zip(&parts)
                        .all(|(w, p)| w.lower == *p)
                {
                    out.push(w.start);
                    break;
                }
            }
        }
        out
    }

    fn find_mentions(&self) -> Vec<Mention> {
        let b = self.bytes();
        // Every yes/no word, mention or not (choices pair them).
        let mut yes_no: Vec<(usize, usize, Answer, bool)> = Vec::new();
        let mut k = 0;
        while k < b.len() {
            if !is_word_byte(b[k]) {
                k += 1;
                continue;
            }
            let start = k;
            while k < b.len() && is_word_byte(b[k]) {
                k += 1;
            }
            let end = k;
            let word = &self.text[start..end];
            let answer = if word.eq_ignore_ascii_case("yes") {
                Answer::Yes
            } else if word.eq_ignore_ascii_case("no") {
                Answer::No
            } else {
                continue;
            };
            let joined = |at: Option<usize>, beyond: Option<usize>| {
                matches!(at.map(|i| b[i]), Some(b'-' | b'\''))
                    && beyond.is_some_and(|j| b[j].is_ascii_alphanumeric())
            };
            if joined(start.checked_sub(1), start.checked_sub(2))
                || joined(
                    (end < b.len()).then_some(end),
                    (end + 1 < b.len()).then_some(end + 1),
                )
            {
                continue;
            }
            let next_word = self.text[end..]
                .trim_start()
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or("");
            let capitals = word.bytes().all(|c| c.is_ascii_uppercase());
            let prose = !next_word.is_empty()
                && !CONDITIONS.contains(&next_word.to_ascii_lowercase().as_str());
            yes_no.push((start, end, answer, capitals || !prose));
        }
        let choice: Vec<bool> = (0..yes_no.len())
            .map(|i| {
                let gap_ok = |a: usize, z: usize| {
                    let gap: String = self.text[yes_no[a].1..yes_no[z].0]
                        .chars()
                        .filter(|c| !CHOICE_GAP.contains(*c))
                        .collect::<String>()
                        .to_ascii_lowercase();
                    matches!(gap.as_str(), "" | "or" | "and" | "nor")
                };
                (i > 0 && gap_ok(i - 1, i)) || (i + 1 < yes_no.len() && gap_ok(i, i + 1))
            })
            .collect();
        let quotes = self.quote_spans();
        yes_no
            .iter()
            .zip(choice)
            .filter(|((_, _, _, mention), _)| *mention)
            .map(|(&(start, end, answer, _), choice)| {
                let status = if choice {
                    Status::Choice
                } else if quotes.iter().any(|&(open, close)| {
                    open < start
                        && end <= close
                        && !self.text[open + 1..close]
                            .trim_matches(|c: char| AROUND.contains(c))
                            .eq_ignore_ascii_case(&self.text[start..end])
                }) {
                    Status::Quoted
                } else if (end..b.len()).find(|&k| self.sentence_end(k)).map(|k| b[k]) == Some(b'?')
                {
                    Status::Question
                } else {
                    self.clause_status(start, end)
                };
                let prefix: String = self.text[..start]
                    .chars()
                    .map(|c| if LABEL_DRESSING.contains(c) { ' ' } else { c })
                    .collect::<String>()
                    .to_ascii_lowercase();
                let prefix = prefix.split_whitespace().collect::<Vec<_>>().join(" ");
                let labelled = LABELS.iter().any(|l| {
                    prefix.ends_with(l)
                        && prefix[..prefix.len() - l.len()]
                            .bytes()
                            .last()
                            .is_none_or(|c| !c.is_ascii_alphanumeric())
                });
                let sentence_to = (end..b.len())
                    .find(|&k| self.sentence_end(k))
                    .unwrap_or(b.len());
                let opening =
                    only(&self.text[..start], AROUND) && only(&self.text[end..sentence_to], AROUND);
                Mention {
                    start,
                    answer,
                    status,
                    labelled,
                    line_end: only(&self.text[end..], TRAILING),
                    whole_line: only(&self.text[..start], AROUND)
                        && only(&self.text[end..], TRAILING),
                    opening,
                }
            })
            .collect()
    }

    /// Negated, reported, conditional or valid: what the mention's clause says of it.
    fn clause_status(&self, start: usize, end: usize) -> Status {
        let (from, to) = self.clause(start, end);
        let before: Vec<&str> = self
            .words_in(from, start)
            .map(|w| w.lower.as_str())
            .collect();
        let negation = |w: &&str| matches!(*w, "not" | "never" | "cannot") || w.ends_with("n't");
        if before.iter().rev().take(3).any(negation) {
            return Status::Negated;
        }
        if before.iter().any(|w| REPORTED.contains(w)) {
            return Status::Reported;
        }
        let condition = |w: &str| CONDITIONS.contains(&w);
        if self
            .words_in(from, to)
            .any(|w| w.start != start && condition(&w.lower))
        {
            return Status::Conditional;
        }
        // The clause just before, in the same sentence.
        if from > 0 && !self.sentence_end(from - 1) {
            let (pfrom, _) = self.clause(from - 1, from - 1);
            if self.first_word_in(pfrom, from - 1).is_some_and(condition) {
                return Status::Conditional;
            }
        }
        // The clause just after, in the same sentence.
        if to < self.text.len() && !self.sentence_end(to) {
            let (_, nto) = self.clause(to + 1, to + 1);
            if self.first_word_in(to + 1, nto).is_some_and(condition) {
                return Status::Conditional;
            }
        }
        Status::Valid
    }

    /// Spans between paired `"` and paired backticks: (opening byte, closing byte).
    fn quote_spans(&self) -> Vec<(usize, usize)> {
        let mut spans = Vec::new();
        for q in [b'"', b'`'] {
            let at: Vec<usize> = self
                .bytes()
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == q)
                .map(|(i, _)| i)
                .collect();
            spans.extend(at.chunks_exact(2).map(|p| (p[0], p[1])));
        }
        spans
    }

    fn events(&self, is_final: bool, is_opening: bool) -> Vec<(usize, Event)> {
        let mut events: Vec<(usize, Event)> = self
            .retractions
            .iter()
            .map(|&at| (at, Event::Retraction))
            .collect();
        for m in &self.mentions {
            let event = match m.status {
                Status::Conditional => Event::Conditional,
                Status::Valid
                    if m.labelled
                        || m.whole_line
                        || (is_final && m.line_end)
                        || (is_opening && m.opening) =>
                {
                    Event::Statement(*m)
                }
                Status::Valid if is_final => Event::Stray,
                _ => continue,
            };
            events.push((m.start, event));
        }
        events.sort_by_key(|(at, _)| *at);
        events
    }

    fn decide(&self, last: &(usize, Event)) -> Answer {
        let Event::Statement(m) = last.1 else {
            return Answer::Unparsed;
        };
        let since = self
            .retractions
            .iter()
            .copied()
            .filter(|&r| r < m.start)
            .max()
            .unwrap_or(0);
        let ambiguous = self.mentions.iter().any(|o| {
            o.start >= since
                && (o.status == Status::Conditional
                    || (o.status == Status::Valid && o.answer != m.answer))
        });
        if ambiguous {
            Answer::Unparsed
        } else {
            m.answer
        }
    }
}

fn words(text: &str) -> Vec<Word> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if !is_word_byte(b[k]) {
            k += 1;
            continue;
        }
        let start = k;
        while k < b.len()
            && (is_word_byte(b[k]) || (b[k] == b'\'' && k + 1 < b.len() && is_word_byte(b[k + 1])))
        {
            k += 1;
        }
        out.push(Word {
            start,
            lower: text[start..k].to_ascii_lowercase(),
        });
    }
    out
}
