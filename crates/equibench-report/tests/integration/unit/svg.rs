use equibench_report::svg::*;

#[test]
fn line_bins_are_round_and_cover_every_value() {
    let values: Vec<(f64, bool)> = [98.0, 120.0, 541.0, 880.0]
        .iter()
        .enumerate()
        .map(|(i, v)| (*v, i % 2 == 0))
        .collect();
    let b = Bins::for_lines(&values, 12);
    assert_eq!(b.width, 100.0);
    assert_eq!(b.start, 0.0);
    assert_eq!(b.equivalent.len(), 9);
    let total: u64 = (0..b.equivalent.len()).map(|i| b.total(i)).sum();
    assert_eq!(total, 4);
    assert_eq!(b.equivalent[0], 1); // 98 (equivalent)
    assert_eq!(b.inequivalent[8], 1); // 880 (inequivalent)
}

#[test]
fn similarity_of_one_lands_in_the_last_bin() {
    let b = Bins::fill(0.0, 0.1, 10, &[(1.0, true), (0.0, false), (0.55, true)]);
    assert_eq!(b.equivalent[9], 1);
    assert_eq!(b.inequivalent[0], 1);
    assert_eq!(b.equivalent[5], 1);
}

#[test]
fn empty_input_draws_an_empty_chart() {
    let b = Bins::for_lines(&[], 10);
    let svg = histogram(&b, "none", "lines", &|x| format!("{x}"));
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert!(balance(&[]).ends_with("</svg>"));
}

#[test]
fn labels_are_escaped() {
    let svg = balance(&[("<x>".into(), 1, 2)]);
    assert!(svg.contains("&lt;x&gt;") && !svg.contains("<x>"));
}

#[test]
fn a_trend_draws_each_point_with_its_interval() {
    let line = Series {
        name: "<eq>".into(),
        class: "eq",
        points: vec![(0.1, 0.25, 0.1, 0.5, 8), (0.9, 1.0, 0.7, 1.0, 4)],
    };
    let svg = trend(&[line], "acc", "similarity");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"whisker\"").count(), 2);
    assert!(svg.contains("<polyline"));
    assert!(
        svg.contains("&lt;eq&gt;: 25.0% [10.0, 50.0] of 8 pairs"),
        "{svg}"
    );
    assert!(trend(&[], "none", "x").ends_with("</svg>"));
}
