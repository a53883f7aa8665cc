//! The strict answer parser. A reply counts only when its final answer is unmistakably YES or NO
//! in one of the forms models actually produce: the bare word (any case, with a full stop), a final
//! line, "The answer is NO", `**bold**`, `` `code` ``, a code fence, "Answer: YES", `\boxed{YES}`,
//! after a `<think>` block. Anything else is [`Answer::Unparsed`]: scored wrong and reported as its
//! own rate, never guessed (EquiBench's own harness asks a second model, or flips a coin; the coin
//! is `--paper-compat`, see [`crate::runner`]).

use serde::{Deserialize, Serialize};

/// What a reply says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Answer {
    #[serde(rename = "YES")]
    Yes,
    #[serde(rename = "NO")]
    No,
    #[serde(rename = "unparsed")]
    Unparsed,
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
        }
    }
}

/// Read the final YES/NO of a reply.
pub fn parse(reply: &str) -> Answer {
    let text = strip_thinking(reply);
    // The final non-empty line that is not a code fence.
    let last = text
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty() && !l.starts_with("```"));
    if let Some(a) = last.and_then(word) {
        return a;
    }
    // "... The answer is NO. Hope this helps." : the last such phrase.
    let lower = text.to_ascii_lowercase();
    for phrase in [
        "the answer is",
        "final answer:",
        "final answer is",
        "answer:",
    ] {
        if let Some(at) = lower.rfind(phrase) {
            let rest = &text[at + phrase.len()..];
            let first = rest.split_whitespace().next().unwrap_or("");
            if let Some(a) = word(first) {
                return a;
            }
        }
    }
    Answer::Unparsed
}

/// Drop a leading `<think>...</think>` block (reasoning models served by vLLM or Ollama).
fn strip_thinking(reply: &str) -> &str {
    match reply.rfind("</think>") {
        Some(end) => &reply[end + "</think>".len()..],
        None => reply,
    }
}

/// YES or NO when `s` is nothing but that word, dressed in markdown, punctuation or a label.
fn word(s: &str) -> Option<Answer> {
    const DRESSING: &[char] = &[
        '*', '`', '_', '"', '\'', '.', '!', ':', '[', ']', '(', ')', '#', '>', ' ', '{', '}', '$',
    ];
    let mut s = s.trim().trim_matches(DRESSING).trim();
    let lower = s.to_ascii_lowercase();
    for label in [
        "\\boxed{",
        "boxed{",
        "the final answer is",
        "the answer is",
        "final answer",
        "answer",
    ] {
        if lower.starts_with(label) {
            s = s[label.len()..].trim().trim_matches(DRESSING).trim();
            break;
        }
    }
    if s.eq_ignore_ascii_case("yes") {
        Some(Answer::Yes)
    } else if s.eq_ignore_ascii_case("no") {
        Some(Answer::No)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Answer::*;

    #[test]
    fn the_forms_models_produce_are_read() {
        for (reply, want) in [
            ("YES", Yes),
            ("no", No),
            ("Yes.", Yes),
            (" NO \n", No),
            ("**NO**", No),
            ("`YES`", Yes),
            ("```\nYES\n```", Yes),
            ("```text\nno\n```\n", No),
            ("Answer: YES", Yes),
            ("**Answer:** no", No),
            ("Final answer: NO", No),
            ("\\boxed{YES}", Yes),
            ("$\\boxed{NO}$", No),
            ("[YES]", Yes),
            (
                "Program 1 returns x+1.\nProgram 2 returns x+2.\nThey differ for every x.\n\nThe answer is NO.",
                No,
            ),
            ("Let's compare.\nBoth compute the same sum.\nThe answer is **YES**.", Yes),
            (
                "Both loops end at n. The answer is YES. Let me know if you need more.",
                Yes,
            ),
            ("Step 1: ...\nStep 2: ...\n\n**Final Answer: NO**", No),
            ("<think>\nHmm, the answer is not obvious... NO? YES?\n</think>\n\nYES", Yes),
            ("Reasoning...\nTherefore:\nNO", No),
        ] {
            assert_eq!(parse(reply), want, "{reply:?}");
        }
    }

    #[test]
    fn anything_else_is_unparsed() {
        for reply in [
            "",
            "   \n",
            "Maybe",
            "YES or NO",
            "The programs are equivalent.",
            "I cannot determine whether the programs are equivalent.",
            "Yesterday",
            "Nope",
            "The answer is unclear.",
            "<think>YES</think>",
            "YES, they are equivalent because both return 0",
        ] {
            assert_eq!(parse(reply), Unparsed, "{reply:?}");
        }
    }
}
