use equibench_core::disagreement::{Disagreement, Over};
use equibench_core::{Balance, Pair, PairSink};
use equibench_dce::{program_index, stand_in, Hold, Reserved, DESCRIPTOR};

fn exemplar(equivalent: bool) -> Pair {
    include_str!("../../../../../data/exemplars/DCE.jsonl")
        .lines()
        .map(|l| serde_json::from_str::<Pair>(l).unwrap())
        .find(|p| p.equivalent == equivalent)
        .unwrap()
}

/// An inequivalent pair with id `id`, from program `program`, whose stdouts differ in
/// `differing` of `trials` bytes.
fn ineq(differing: u32, trials: u32, id: &str, program: usize) -> Pair {
    let mut p = exemplar(false);
    p.id = id.into();
    p.provenance.evidence.disagreement = Some(Disagreement {
        over: Over::OutputBytes,
        trials,
        differing,
        seed: None,
    });
    p.provenance.source.details["program_index"] = program.into();
    p
}

/// `build --subtle`: the stand-in for a held pair is strictly subtler (shares compared
/// exactly: 1/8 < 2/9 < 1/4; an equal share never stands in), the subtlest of those the
/// program limit admits, the earliest on a tie.
#[test]
fn the_stand_in_is_the_subtlest_strictly_subtler_pair_its_program_admits() {
    let reserved = |differing, trials, id: &str, program| Reserved {
        pair: ineq(differing, trials, id, program),
        program,
        pooled: false,
    };
    let reserve = [
        reserved(2, 9, "a", 1),
        reserved(1, 8, "b", 2),
        reserved(2, 16, "c", 3),
        reserved(1, 4, "d", 1),
        reserved(3, 9, "e", 1),
    ];
    let held = ineq(1, 4, "held", 0);
    let id = |i: Option<usize>| i.map(|i| reserve[i].pair.id.clone());
    assert_eq!(
        id(stand_in(&held, &reserve, |_| true)).as_deref(),
        Some("b")
    );
    assert_eq!(
        id(stand_in(&held, &reserve, |r| r.program != 2)).as_deref(),
        Some("c")
    );
    assert_eq!(
        id(stand_in(&held, &reserve, |r| r.program == 1)).as_deref(),
        Some("a")
    );
    assert_eq!(stand_in(&ineq(1, 8, "held", 0), &reserve, |_| true), None);
    assert_eq!(stand_in(&held, &reserve[3..], |_| true), None);
}

/// `build --subtle` holds the inequivalent pairs back and counts them as the sink would: the
/// block's request, a repeated pair refused and counted; equivalent pairs go through. Without
/// it every pair goes through.
#[test]
fn held_pairs_count_as_emitted_and_are_refused_as_the_sink_refuses() {
    use equibench_core::testing::CollectSink;
    let mut sink = CollectSink::new(Balance::new(1, 2), &DESCRIPTOR);
    let mut hold = Hold::new(&mut sink, true);
    assert!(hold.emit(ineq(1, 4, "a", 0)).unwrap());
    assert!(!hold.emit(ineq(1, 4, "a", 1)).unwrap());
    assert_eq!(hold.remaining(), Balance::new(1, 1));
    assert!(hold.emit(exemplar(true)).unwrap());
    assert!(hold.emit(ineq(1, 4, "b", 0)).unwrap());
    assert!(!hold.emit(ineq(1, 4, "c", 0)).unwrap());
    assert_eq!(hold.remaining(), Balance::new(0, 0));
    let ids: Vec<_> = hold.held().iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["a", "b"]);
    assert_eq!(
        hold.per_program()[&0],
        2 + usize::from(program_index(&exemplar(true)) == 0)
    );
    drop(hold);
    assert_eq!(sink.pairs.len(), 1);
    assert_eq!(sink.rejected["duplicate-pair"], 1);
    let mut sink = CollectSink::new(Balance::new(1, 1), &DESCRIPTOR);
    let mut hold = Hold::new(&mut sink, false);
    assert!(hold.emit(exemplar(false)).unwrap());
    assert!(hold.held().is_empty());
    drop(hold);
    assert_eq!(sink.pairs.len(), 1);
}
