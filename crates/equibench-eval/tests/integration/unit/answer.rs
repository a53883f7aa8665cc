use equibench_eval::answer::*;

#[test]
fn every_documented_form_reads_as_documented() {
    let forms = forms();
    assert!(forms.len() >= 40, "{} forms", forms.len());
    let mut wrong = Vec::new();
    for f in &forms {
        let got = read(&f.reply, f.finish_reason.as_deref());
        if got != f.expected {
            wrong.push(format!(
                "{}: {:?} read as {} (documented: {})",
                f.form,
                f.reply,
                got.as_str(),
                f.expected.as_str()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_issue_cases_are_in_the_table() {
    // Issue 37 item 7, each case as written there.
    let issue: Vec<Form> = forms()
        .into_iter()
        .filter(|f| f.source.as_deref() == Some("issue 37"))
        .collect();
    for reply in [
        "Answer: YES ... Wait, let me reconsider. The answer is not YES; it is NO, ...",
        "The answer is no different from what the code suggests: YES",
        "Final answer: no doubt about it, they are equivalent.",
        "answer: **YES**\nNote: an earlier draft said the answer is NO.",
        "The answer is YES if the inputs are non-negative, otherwise NO.",
        "Answer: YES (unless n overflows, then NO)",
        "After comparing both programs, my verdict is **YES**.",
    ] {
        assert!(
            issue.iter().any(|f| f.reply == reply),
            "missing from {FORMS_FILE}: {reply:?}"
        );
    }
    assert!(issue
        .iter()
        .any(|f| f.finish_reason.as_deref() == Some(FINISH_LENGTH)));
}

/// The table of `docs/evaluating.md`, as rendered from [`FORMS_FILE`].
fn docs_table() -> String {
    let mut out = String::from(
        "| form | reply (\u{21b5} = new line) | finish_reason | read as |\n| --- | --- | --- | --- |\n",
    );
    for f in forms() {
        let shown = f.reply.replace('\n', "\u{21b5}").replace('|', "\\|");
        let reply = if f.reply.is_empty() {
            "*(empty)*".to_string()
        } else {
            let ticks = (1..)
                .find(|n| !shown.contains(&"`".repeat(*n)))
                .expect("a finite reply");
            let fence = "`".repeat(ticks);
            let pad = if shown.starts_with('`') || shown.ends_with('`') || shown.trim().is_empty() {
                " "
            } else {
                ""
            };
            format!("{fence}{pad}{shown}{pad}{fence}")
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            f.form.replace('|', "\\|"),
            reply,
            f.finish_reason.as_deref().unwrap_or("(none)"),
            match f.expected {
                Answer::Yes | Answer::No => format!("**{}**", f.expected.as_str()),
                other => other.as_str().to_string(),
            }
        ));
    }
    out
}

#[test]
fn the_docs_show_every_form_of_the_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/evaluating.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let (begin, end) = (
        "<!-- answer-forms: begin -->\n",
        "<!-- answer-forms: end -->",
    );
    let start = docs.find(begin).expect("the begin marker") + begin.len();
    let stop = docs.find(end).expect("the end marker");
    let want = docs_table();
    assert!(
        docs[start..stop] == want,
        "docs/evaluating.md's answer-forms table differs from {FORMS_FILE}; it should read:\n{want}"
    );
}

#[test]
fn a_reply_cut_at_the_token_limit_is_truncated_whatever_it_says() {
    assert_eq!(
        read("The answer is YES.", Some("length")),
        Answer::Truncated
    );
    assert_eq!(read("The answer is YES.", Some("stop")), Answer::Yes);
    assert_eq!(read("The answer is YES.", None), Answer::Yes);
    assert_eq!(read("", Some("length")), Answer::Truncated);
}

/// Replies built from a final verdict and distractors that mention a verdict word without
/// giving it: inside negations, conditions, retractions, quotations, questions and reports.
mod generated {
    use super::*;
    use proptest::prelude::*;

    fn spell(yes: bool, case: u8) -> String {
        let w = if yes { "yes" } else { "no" };
        match case % 3 {
            0 => w.to_ascii_uppercase(),
            1 => w[..1].to_ascii_uppercase() + &w[1..],
            _ => w.to_string(),
        }
    }

    /// A sentence that mentions `v` (and sometimes `o`, the other word) but gives no verdict.
    fn distractor(v: &str, o: &str, k: u8) -> String {
        let templates = [
            // negations
            format!("The answer is not {v}."),
            format!("It is definitely not {v} here."),
            format!("I would never say {v} without checking."),
            // conditions
            format!("{v} if n is positive."),
            format!("If n overflows, the answer is {v}."),
            format!("The answer is {v} unless the input is empty."),
            format!("Answer: {v} (unless n is 0, then {o})."),
            // retractions
            format!("Answer: {v}. Wait, let me reconsider."),
            format!("At first I thought {v}, but that was wrong."),
            // questions
            format!("{v}? Let me check that again."),
            format!("Is the answer {v}?"),
            // quotations and choices
            format!("The task asks for \"{v}\" or \"{o}\"."),
            format!("The prompt says \"reply {v} only if sure\"."),
            format!("You should output {v} or {o}."),
            // reports
            format!("An earlier draft said the answer is {v}."),
            format!("For n = 3, program 1 prints {v}."),
            format!("Some might say {v}."),
            // nothing
            "Both programs read n and loop to it.".to_string(),
        ];
        templates[k as usize % templates.len()].clone()
    }

    /// A statement of the verdict `f`, in a documented accepted form, and whether the form
    /// counts on any line (`false`: only as the reply's last line).
    fn statement(f: &str, k: u8) -> (String, bool) {
        let templates = [
            (format!("The answer is {f}."), true),
            (format!("Answer: **{f}**"), true),
            (format!("Final answer: {f}"), true),
            (format!("\\boxed{{{f}}}"), true),
            (f.to_string(), true),
            (
                format!("After comparing both programs, my verdict is **{f}**."),
                true,
            ),
            (format!("Therefore: {f}"), false),
        ];
        templates[k as usize % templates.len()].clone()
    }

    /// After the verdict: harmless (`true`) or taking it back (`false`).
    fn trailer(v: &str, k: u8) -> (String, bool) {
        let templates = [
            ("Hope this helps.".to_string(), true),
            (
                format!("Note: an earlier draft said the answer is {v}."),
                true,
            ),
            (format!("Some might say {v}."), true),
            (format!("For n = 3, program 1 prints {v}."), true),
            (format!("The answer is not {v}."), true),
            ("Wait, let me reconsider.".to_string(), false),
            (format!("{v} if n overflows."), false),
            (
                "Actually, I was wrong about the loop bound.".to_string(),
                false,
            ),
            (format!("The answer is {v} unless n is 0."), false),
        ];
        templates[k as usize % templates.len()].clone()
    }

    #[derive(Debug, Clone)]
    struct Case {
        reply: String,
        /// The reply's final verdict, if it keeps one.
        verdict: Option<Answer>,
        /// Every part on its own line and nothing after the verdict takes it back.
        plain: bool,
    }

    fn case() -> impl Strategy<Value = Case> {
        (
            any::<bool>(),
            any::<u8>(),
            prop::collection::vec(
                (any::<bool>(), any::<u8>(), any::<u8>(), any::<bool>()),
                0..5,
            ),
            any::<u8>(),
            prop::collection::vec(
                (any::<bool>(), any::<u8>(), any::<u8>(), any::<bool>()),
                0..3,
            ),
            any::<bool>(),
        )
            .prop_map(|(yes, fcase, before, form, after, think)| {
                let mut reply = String::new();
                let mut plain = true;
                if think {
                    // A wrong answer inside the thinking is never read.
                    reply.push_str(&format!(
                        "<think>\nThe answer is {}.\n</think>\n",
                        spell(!yes, fcase)
                    ));
                }
                // Join the next part on a new line or the same one; false when on the same.
                let joint = |reply: &mut String, newline: bool| -> bool {
                    if reply.is_empty() || reply.ends_with('\n') {
                        return true;
                    }
                    reply.push_str(if newline { "\n" } else { " " });
                    newline
                };
                for (vy, vcase, k, newline) in before {
                    plain &= joint(&mut reply, newline);
                    reply.push_str(&distractor(&spell(vy, vcase), &spell(!vy, vcase), k));
                }
                joint(&mut reply, true);
                let (said, anywhere) = statement(&spell(yes, fcase), form);
                reply.push_str(&said);
                plain &= anywhere || after.is_empty();
                let mut kept = true;
                for (vy, vcase, k, newline) in after {
                    plain &= joint(&mut reply, newline);
                    let (text, harmless) = trailer(&spell(vy, vcase), k);
                    reply.push_str(&text);
                    kept &= harmless;
                }
                Case {
                    reply,
                    verdict: kept.then(|| Answer::from_label(yes)),
                    plain: plain && kept,
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

        #[test]
        fn never_the_opposite_of_the_final_verdict(c in case()) {
            let got = parse(&c.reply);
            match c.verdict {
                Some(v) => prop_assert!(got == v || got == Answer::Unparsed,
                    "{:?} read as {}, its final verdict is {}", c.reply, got.as_str(), v.as_str()),
                None => prop_assert_eq!(got, Answer::Unparsed,
                    "{:?} takes its verdict back", c.reply),
            }
            if c.plain {
                prop_assert_eq!(Some(got), c.verdict, "{:?}", c.reply);
            }
        }
    }
}
