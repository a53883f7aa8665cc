use equibench_core::CategoryName;
use equibench_eval::answer::Answer;
use equibench_eval::client::ErrorKind;
use equibench_eval::prompt::PromptType;
use equibench_eval::runlog::RequestRecord;
use equibench_eval::scores::*;

fn rec(
    cat: &str,
    id: &str,
    expected: Answer,
    answer: Answer,
    error: Option<ErrorKind>,
) -> RequestRecord {
    RequestRecord {
        pair_id: id.into(),
        category: CategoryName::new(cat),
        prompt_type: PromptType::Zero,
        prompt_sha256: String::new(),
        model: "m".into(),
        temperature: None,
        max_tokens: None,
        seed: None,
        paper_compat: false,
        expected,
        reply: error.is_none().then(String::new),
        finish_reason: None,
        parsed: error.is_none().then_some(answer),
        coin: None,
        answer,
        correct: answer == expected,
        latency_ms: 0,
        tries: 1,
        usage: None,
        error,
        error_detail: None,
    }
}

#[test]
fn accuracy_confusion_and_the_overall_mean_of_categories() {
    use Answer::*;
    let records = vec![
        rec("A", "1", Yes, Yes, None),
        rec("A", "2", No, Yes, None),
        rec("A", "3", No, Unparsed, None),
        rec("A", "4", Yes, Unparsed, Some(ErrorKind::ContextTooLong)),
        rec("B", "5", Yes, Yes, None),
        rec("B", "6", No, No, None),
    ];
    let s = score(&records);
    let a = &s.categories[&CategoryName::new("A")];
    assert_eq!((a.n, a.correct, a.unparsed), (4, 1, 1));
    assert_eq!(a.accuracy, 0.25);
    assert_eq!(a.errors["context-too-long"], 1);
    assert_eq!(
        a.confusion.equivalent,
        AnswerCounts {
            yes: 1,
            no: 0,
            unparsed: 0,
            truncated: 0,
            error: 1
        }
    );
    assert_eq!(
        a.confusion.inequivalent,
        AnswerCounts {
            yes: 1,
            no: 0,
            unparsed: 1,
            truncated: 0,
            error: 0
        }
    );
    assert_eq!(a.yes_share, 0.5);
    assert_eq!(a.baselines.majority, 0.5);
    assert_eq!(s.categories[&CategoryName::new("B")].accuracy, 1.0);
    // The paper's overall: the mean of the categories, not of the pairs (3 / 6).
    assert_eq!(s.overall.accuracy, 0.625);
    assert!(s.overall.ci95.low < 0.625 && s.overall.ci95.high > 0.625);
    assert!(render(&s).contains("context-too-long 1"));
}

#[test]
fn truncated_replies_are_counted_beside_unparsed_and_scored_wrong() {
    use Answer::*;
    let mut cut = rec("A", "3", No, Truncated, None);
    cut.finish_reason = Some("length".into());
    let records = vec![
        rec("A", "1", Yes, Yes, None),
        rec("A", "2", No, Unparsed, None),
        cut,
    ];
    let s = score(&records);
    let a = &s.categories[&CategoryName::new("A")];
    assert_eq!((a.n, a.correct, a.unparsed, a.truncated), (3, 1, 1, 1));
    assert!((a.truncated_rate - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(a.confusion.inequivalent.truncated, 1);
    assert_eq!(a.confusion.inequivalent.unparsed, 1);
    assert_eq!((s.overall.unparsed, s.overall.truncated), (1, 1));
    let table = render(&s);
    assert!(table.contains("truncated"), "{table}");
    assert!(table.contains("1 (33.3%)"), "{table}");
}
