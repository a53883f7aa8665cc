use equibench_core::{Balance, Pair};
use equibench_cuda::select::*;

fn pair(equivalent: bool, p1: &str, p2: &str) -> Pair {
    equibench_core::PairDraft {
        equivalent,
        program_1: p1.into(),
        program_2: p2.into(),
        context: Default::default(),
        provenance: equibench_core::Provenance {
            pipeline: "test".into(),
            tools: Vec::new(),
            seed: 0,
            source: equibench_core::evidence::Source::new("test", &serde_json::json!({})),
            transformation: String::new(),
            evidence: equibench_core::evidence::Evidence::new("test", &serde_json::json!({})),
        },
    }
    .finish(&equibench_cuda::DESCRIPTOR)
}

const K64: &str = "extern \"C\" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ in0_ptr, float* __restrict__ out_ptr) {\n  out_ptr[0] = in0_ptr[0];\n}\n";

#[test]
fn a_candidate_waits_for_a_partner_of_the_other_label_in_its_stratum() {
    let mut m = Matcher::default();
    assert!(m.offer(pair(true, K64, K64)).is_empty());
    assert!(m.offer(pair(true, K64, K64)).is_empty());
    assert_eq!((m.waiting(true), m.waiting(false)), (2, 0));
    // Two equivalent candidates wait: the next candidate should be inequivalent.
    assert!(!m.next_label(0, Balance::new(3, 3)));
    // Half as long and hardly alike: another similarity and line-difference bin.
    let other_stratum = format!(
        "{K64}{}",
        "float unrelated_line_of_text = 1.0f;\n".repeat(4)
    );
    assert!(m.offer(pair(false, K64, &other_stratum)).is_empty());
    let out = m.offer(pair(false, K64, K64));
    assert_eq!(out.len(), 2);
    assert!(out[0].equivalent && !out[1].equivalent);
    assert_eq!(m.unmatched(), 2);
}

#[test]
fn partners_are_taken_longest_waiting_first_and_only_from_the_other_label() {
    let mut m = Matcher::default();
    let first = pair(true, K64, K64);
    let stratum = Stratum::of(&first);
    assert!(!m.has_partner(stratum, false));
    m.wait(stratum, first);
    m.wait(
        stratum,
        pair(true, K64, &K64.replace("main_kernel", "other_kernel")),
    );
    // Equivalent candidates wait: an inequivalent one has partners, an equivalent one none.
    assert!(m.has_partner(stratum, false));
    assert!(!m.has_partner(stratum, true));
    assert_eq!(m.take_partner(stratum, false).unwrap().program_2, K64);
    assert!(m
        .take_partner(stratum, false)
        .unwrap()
        .program_2
        .contains("other_kernel"));
    assert!(m.take_partner(stratum, false).is_none());
    assert_eq!(m.unmatched(), 0);
}

#[test]
fn surface_features_compare_launch_bounds_kernels_parameters_and_buffers() {
    let other = K64.replace("(64)", "(128)").replace("out_ptr", "tmp0_ptr");
    let f = surface_features(&pair(true, K64, &other));
    let get = |n: &str| f.iter().find(|x| x.name == n).unwrap().value;
    assert_eq!(get("equal_launch_bounds"), 0.0);
    assert_eq!(get("kernel_count_difference"), 0.0);
    assert_eq!(get("equal_parameter_lists"), 0.0);
    assert!((get("shared_buffer_names_jaccard") - 1.0 / 3.0).abs() < 1e-9);
    let same = surface_features(&pair(true, K64, K64));
    assert!(same.iter().all(|x| x.value
        == if x.name == "kernel_count_difference" {
            0.0
        } else {
            1.0
        }));
}

#[test]
fn programs_a_quarter_longer_are_another_stratum_than_equally_long_ones() {
    // 3 lines against 4: a relative difference of 0.25, which the one edge at 0.5 lumped with
    // equally long programs (where two computations of one shape gather).
    let longer = format!("{K64}// one more line\n");
    let even = Stratum::of(&pair(true, K64, K64));
    let quarter = Stratum::of(&pair(true, K64, &longer));
    assert_ne!(
        even.line_diff(),
        quarter.line_diff(),
        "{even:?} {quarter:?}"
    );
}

#[test]
fn programs_using_other_buffers_are_another_stratum() {
    let renamed = K64.replace("out_ptr", "tmp0_ptr");
    let same = Stratum::of(&pair(true, K64, K64));
    let other = Stratum::of(&pair(true, K64, &renamed));
    assert!(
        same.same_buffers() && !other.same_buffers(),
        "{same:?} {other:?}"
    );
    assert_eq!(
        (same.similarity(), same.line_diff()),
        (other.similarity(), other.line_diff())
    );
}

#[test]
fn bins_count_the_edges_below_the_value() {
    assert_eq!(bin(0.1, SIMILARITY_EDGES), 0);
    assert_eq!(bin(0.4, SIMILARITY_EDGES), 1);
    assert_eq!(bin(0.99, SIMILARITY_EDGES), SIMILARITY_EDGES.len());
}
