use equibench_oj::surface::{has_comment, SurfaceBin, SIMILARITY_EDGES};

#[test]
fn bins_are_symmetric_and_separate_near_copies_from_strangers() {
    let a = "n = int(input())\nprint(n * 2)\n";
    let b = "n = int(input())\nfor i in range(n):\n    print(i)\nprint(n)\n";
    assert_eq!(SurfaceBin::of(a, b), SurfaceBin::of(b, a));
    let same = SurfaceBin::of(a, "m = int(input())\nprint(m * 2)\n");
    assert_eq!(same.line_diff, 0);
    assert_eq!(same.similarity as usize, SIMILARITY_EDGES.len());
    let far = SurfaceBin::of(a, b);
    assert!(
        far.similarity < same.similarity && far.line_diff == 2,
        "{far:?}"
    );
    assert_eq!(far.commented, 0);
    assert_eq!(SurfaceBin::of("x = 1  # one\n", b).commented, 1);
}

#[test]
fn pairs_sharing_fewer_identifiers_fall_in_another_bin() {
    // The same shape, similarity and line counts; only how many names the two share differs
    // (the OJ_VA leak of issue 36's sweep: one author's two tries share more names).
    let a = "var1 = int(input())\nvar2 = var1 * 2\nprint(var2)\n";
    let own = "var1 = int(input())\nvar2 = var1 + 2\nprint(var2)\n";
    let stranger = "n = int(input())\nm = n + 2\nprint(m)\n";
    let (near, far) = (SurfaceBin::of(a, own), SurfaceBin::of(a, stranger));
    assert!(near.identifiers > far.identifiers, "{near:?} {far:?}");
    assert_eq!(
        SurfaceBin::of(a, stranger),
        SurfaceBin::of(stranger, a),
        "symmetric"
    );
}

#[test]
fn sized_bins_separate_short_programs_from_long_ones_and_nothing_else() {
    let short = "n = int(input())\nprint(n * 2)\n";
    let renamed = "var1 = int(input())\nprint(var1 * 2)\n";
    let long_body: String = (0..40).map(|i| format!("x{i} = {i} * 2\n")).collect();
    let long = format!("{short}{long_body}");
    let long_renamed = format!("{renamed}{long_body}");
    let (s, l) = (
        SurfaceBin::sized(short, renamed),
        SurfaceBin::sized(&long, &long_renamed),
    );
    assert!(s.size < l.size, "{s:?} {l:?}");
    assert_eq!(
        SurfaceBin::of(short, renamed).size,
        0,
        "only `sized` bins by size"
    );
    assert_eq!(
        SurfaceBin { size: 0, ..s },
        SurfaceBin::of(short, renamed),
        "the other dimensions are `of`'s"
    );
    assert_eq!(SurfaceBin::sized(renamed, short), s, "symmetric");
}

#[test]
fn comments_are_found_outside_strings_only() {
    assert!(has_comment("x = 1\n# note\n"));
    assert!(has_comment("s = 'a#b'  # real\n"));
    assert!(!has_comment("s = 'a#b'\nt = \"#\"\n"));
    assert!(!has_comment(
        "s = '''a\n# in a string\n'''\nu = 'it\\'s #'\n"
    ));
}
