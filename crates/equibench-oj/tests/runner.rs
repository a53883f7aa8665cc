//! The sandboxed runner: the pre-forked worker against plain runs, limits, and the judge.

mod common;

use equibench_oj::runner::{Backend, Ending, RunLimits, Runner};

fn python() -> std::path::PathBuf {
    equibench_core::Tools::new()
        .get(&equibench_oj::tools::SANDBOX_PYTHON)
        .unwrap()
        .path
        .clone()
}

fn limits() -> RunLimits {
    RunLimits {
        cpu_s: 2,
        wall_ms: 3000,
        memory_kb: 256 << 10,
        out_cap: 1 << 16,
    }
}

#[test]
fn worker_and_plain_runs_agree() {
    let programs = [
        ("n = int(input())\nprint(n * 2)\n", "21\n"),
        (
            "import sys\nprint(sum(map(int, open(0).read().split())))\n",
            "1 2 3\n4\n",
        ),
        (
            "import sys\ninput = sys.stdin.readline\nprint(input().strip()[::-1])\n",
            "abc\n",
        ),
        (
            "if __name__ == '__main__':\n    import sys; sys.exit(3)\n",
            "",
        ),
        ("print({'b', 'a', 'c'})\n", ""),
    ];
    let mut worker = Runner::new(&python(), Backend::Worker);
    let mut plain = Runner::new(&python(), Backend::Plain);
    for (code, input) in programs {
        let w = worker.run(code, input.as_bytes(), &[], limits()).unwrap();
        let p = plain.run(code, input.as_bytes(), &[], limits()).unwrap();
        assert_eq!(w.ending, p.ending, "{code}");
        assert_eq!(w.stdout, p.stdout, "{code}");
    }
    assert_eq!(worker.runs, 5);
}

#[test]
fn worker_enforces_limits_and_reports_failures() {
    let mut r = Runner::new(&python(), Backend::Worker);
    let mut l = limits();
    l.cpu_s = 1;
    l.wall_ms = 1500;
    let spin = r.run("while True:\n    pass\n", b"", &[], l).unwrap();
    assert!(
        matches!(spin.ending, Ending::CpuLimit | Ending::Timeout),
        "{spin:?}"
    );
    let err = r.run("raise ValueError('boom')\n", b"", &[], l).unwrap();
    assert_eq!(err.ending, Ending::Exited(1));
    assert!(String::from_utf8_lossy(&err.stderr).contains("ValueError"));
    let syntax = r.run("print(1\n", b"", &[], l).unwrap();
    assert_eq!(syntax.ending, Ending::Exited(1));
    let hog = r.run("a = [0] * (10 ** 9)\n", b"", &[], l).unwrap();
    assert!(hog.out_of_memory(), "{}", hog.describe());
    let flood = r
        .run("while True:\n    print('x' * 1000)\n", b"", &[], l)
        .unwrap();
    assert!(
        matches!(flood.ending, Ending::OutputLimit | Ending::Signaled(_)),
        "{flood:?}"
    );
    assert!(flood.stdout.len() <= l.out_cap);
    // The worker survives all of that.
    let ok = r.run("print(input())\n", b"still here\n", &[], l).unwrap();
    assert_eq!(ok.stdout, b"still here\n");
}

#[test]
fn a_submission_that_kills_the_worker_is_an_error_and_the_next_run_works() {
    let mut r = Runner::new(&python(), Backend::Worker);
    let killer =
        "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\nimport time\ntime.sleep(1)\n";
    assert!(r.run(killer, b"", &[], limits()).is_err());
    let ok = r.run("print(7)\n", b"", &[], limits()).unwrap();
    assert_eq!(ok.stdout, b"7\n");
}
