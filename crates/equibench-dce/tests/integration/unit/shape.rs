use equibench_core::shortcuts::token_diff;
use equibench_dce::markers::{self, BlockKind, Edit};
use equibench_dce::shape::{token_bin, Shape, EDITS};

/// Two loop bodies of one line count: CSmith's array-initialising loop (few tokens per line)
/// and statements that compute (many). Binned by lines alone they shared a stratum, so which
/// of them was dead (equivalent) showed in the token count.
const TWO_LOOPS: &str = "int g[4][4][4];
int h;
int f(int p)
{
    int i, j, k;
    for (i = 0; i < 4; i = i + 1)
    {
        for (j = 0; j < 4; j = j + 1)
        {
            for (k = 0; k < 4; k = k + 1)
                g[i][j][k] = 1;
        }
    }
    for (i = 0; i < 4; i = i + 1)
    {
        h = ((p ^ g[i][0][1]) + (h << 2)) - ((g[1][i][2] | p) * (h & 255));
        h = ((h ^ g[0][i][3]) + (p << 3)) - ((g[2][1][i] & h) * (p | 127));
        h = ((p | g[i][2][0]) + (h >> 1)) - ((g[3][i][0] ^ p) * (h & 511));
        h = ((h & g[3][0][i]) + (p >> 2)) - ((g[i][3][1] | h) * (p ^ 255));
        h = ((p ^ g[2][i][1]) + (h << 1)) - ((g[1][2][i] & p) * (h | 127));
    }
    return h;
}
";

fn removals() -> Vec<Shape> {
    let marked = markers::find_markers(TWO_LOOPS).unwrap();
    marked
        .markers
        .iter()
        .filter(|m| m.kind == BlockKind::ForBody)
        .map(|m| Shape::of(TWO_LOOPS, &marked, m, Edit::RemoveContents))
        .filter(|s| s.line_delta >= 4)
        .collect()
}

#[test]
fn removals_of_equal_lines_and_unequal_tokens_are_other_strata() {
    let shapes = removals();
    assert_eq!(shapes.len(), 2, "{shapes:?}");
    let (init, compute) = (&shapes[0], &shapes[1]);
    assert_eq!(init.line_delta, compute.line_delta, "one line count");
    let by_lines = |s: &Shape| {
        let st = s.stratum();
        (st.0, st.1, st.2, st.4, st.5)
    };
    assert_eq!(by_lines(init), by_lines(compute), "alike but for tokens");
    assert!(
        4 * init.token_delta < compute.token_delta,
        "{} vs {} tokens",
        init.token_delta,
        compute.token_delta
    );
    assert_ne!(init.stratum(), compute.stratum());
}

#[test]
fn the_token_count_is_the_shortcut_reports_token_diff() {
    let marked = markers::find_markers(TWO_LOOPS).unwrap();
    for m in &marked.markers {
        for &edit in EDITS {
            let Some(edited) = markers::apply_edit(TWO_LOOPS, m, edit) else {
                continue;
            };
            let shape = Shape::of(TWO_LOOPS, &marked, m, edit);
            assert_eq!(shape.token_delta, token_diff(TWO_LOOPS, &edited));
            assert_eq!(
                Shape::of_pair(TWO_LOOPS, &edited).map(|s| s.token_delta),
                Some(shape.token_delta)
            );
        }
    }
}

#[test]
fn token_bins_double() {
    let bins: Vec<u8> = [0, 8, 9, 16, 17, 32, 33, 64, 65, 2048, 2049, 1 << 20]
        .iter()
        .map(|&n| token_bin(n))
        .collect();
    assert_eq!(bins, [0, 0, 1, 1, 2, 2, 3, 3, 4, 8, 9, 9]);
}
