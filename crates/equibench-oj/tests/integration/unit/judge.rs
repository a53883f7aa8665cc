use equibench_oj::codenet::Status;
use equibench_oj::compare::Tolerance;
use equibench_oj::judge::{case_verdict, majority};
use equibench_oj::runner::{Ending, RunResult};
use std::sync::Arc;

fn out(text: &str, ok: bool) -> Arc<RunResult> {
    Arc::new(RunResult {
        ending: if ok {
            Ending::Exited(0)
        } else {
            Ending::Exited(1)
        },
        stdout: text.as_bytes().to_vec(),
        stderr: Vec::new(),
        cpu_ms: 0,
        wall_ms: 0,
        rss_kb: 0,
    })
}

#[test]
fn a_majority_needs_more_than_half_of_all_references_and_is_settled_by_a_prefix() {
    let all = [
        out("1\n", true),
        out("2", false),
        out("2\n", true),
        out("2 \n", true),
        out("2", true),
    ];
    // Three of five print 2 (token equality, crashed runs aside): the first of them is the
    // reference, and no shorter prefix has three.
    assert_eq!(majority(&all, 5, None), Some(b"2\n".to_vec()));
    assert_eq!(majority(&all[..4], 5, None), None);
    // Once three agree, the runs still to come cannot change the answer.
    let early = [
        out("2\n", true),
        out("2", true),
        out(" 2", true),
        out("1", true),
        out("3", true),
    ];
    assert_eq!(majority(&early[..3], 5, None), Some(b"2\n".to_vec()));
    assert_eq!(majority(&early[..3], 5, None), majority(&early, 5, None));
    // A crashed run never counts, whatever it printed.
    assert_eq!(majority(&[out("2", false), out("2", false)], 2, None), None);
}

/// Issue 26 item 3: a stated float tolerance does not pass a wrong integer (two integer
/// tokens), in the verdict and in the references' vote.
#[test]
fn a_float_tolerance_never_passes_a_wrong_integer() {
    let mut problem = equibench_oj::codenet::Problem {
        id: "p1".into(),
        name: "n".into(),
        time_limit_ms: 2000,
        memory_limit_kb: 262144,
        html: String::new(),
        sample: None,
        float_tolerance: Some(Tolerance::absolute_or_relative(1e-6)),
        generator: None,
        submissions: Vec::new(),
        reserved_for_exemplars: false,
    };
    let verdict = |p: &equibench_oj::codenet::Problem, reference: &str, printed: &str| {
        case_verdict(p, &out(printed, true), reference.as_bytes())
    };
    assert_eq!(
        verdict(&problem, "1 300000000", "1 300000299"),
        Status::WrongAnswer
    );
    // Issue 37 item 3: the tolerance applies when either token is a decimal, whichever is
    // the reference: a decimal answer within it is accepted against an integer reference,
    // as an integer answer always was against a decimal one.
    assert_eq!(
        verdict(&problem, "3 123456789", "3 1.234568e+08"),
        Status::Accepted
    );
    assert_eq!(
        verdict(&problem, "3 123456789", "3 1.2345e+08"),
        Status::WrongAnswer
    );
    assert_eq!(verdict(&problem, "1 0.5", "1 0.5000001"), Status::Accepted);
    let votes = [
        out("300000000", true),
        out("300000299", true),
        out("300000001", true),
    ];
    assert_eq!(majority(&votes, 3, problem.float_tolerance.as_ref()), None);
    // A statement that makes every field real accepts the integer-looking form of a real.
    problem.float_tolerance = Some(Tolerance {
        places: equibench_oj::compare::TolerancePlaces::EveryNumber,
        ..Tolerance::absolute_or_relative(1e-6)
    });
    assert_eq!(verdict(&problem, "3", "3.0"), Status::Accepted);
}
