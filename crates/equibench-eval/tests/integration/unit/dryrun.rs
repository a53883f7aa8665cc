use equibench_eval::dryrun;

#[test]
fn tokens_are_bytes_over_four_rounded_up() {
    assert_eq!(dryrun::estimate_tokens(""), 0);
    assert_eq!(dryrun::estimate_tokens("abcd"), 1);
    assert_eq!(dryrun::estimate_tokens("abcde"), 2);
    assert_eq!(dryrun::estimate_tokens("é"), 1);
}
