use equibench_oj::codenet::{is_python3, Status};

#[test]
fn python_versions_from_original_language() {
    assert_eq!(is_python3("Python (3.8.2)"), Some(true));
    assert_eq!(is_python3("Python3"), Some(true));
    assert_eq!(is_python3("PyPy3 (7.3.0)"), Some(true));
    assert_eq!(is_python3("Python (2.7.6)"), Some(false));
    assert_eq!(is_python3("PyPy2 (5.6.0)"), Some(false));
    assert_eq!(is_python3("Python"), None);
    assert_eq!(is_python3("C++14 (GCC 5.4.1)"), None);
}

#[test]
fn statuses_round_trip() {
    for s in [
        "Accepted",
        "Wrong Answer",
        "Runtime Error",
        "Time Limit Exceeded",
        "Judge Not Available",
    ] {
        assert_eq!(Status::parse(s).as_str(), s);
    }
}
