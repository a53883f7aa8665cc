//! The sandboxed runner: the pre-forked worker against plain runs, limits, and the judge.

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
        // Issue 37 item 4: 996 frames deep without setrecursionlimit works under `python3
        // Main.py` (the worker's own frames used to count against the program's limit), and
        // the `threading.Thread(target=main).start()` idiom prints (it used to print nothing:
        // the child exited before the thread ran).
        (
            "def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\nprint(f(int(input())))\n",
            "996\n",
        ),
        (
            "import threading\ndef main():\n    print(int(input()) * 3)\nthreading.Thread(target=main).start()\n",
            "7\n",
        ),
    ];
    let mut worker = Runner::new(&python(), Backend::Worker);
    let mut plain = Runner::new(&python(), Backend::Plain);
    for (code, input) in programs {
        let w = worker.run(code, input.as_bytes(), &[], limits()).unwrap();
        let p = plain.run(code, input.as_bytes(), &[], limits()).unwrap();
        assert_eq!(w.ending, p.ending, "{code}");
        assert_eq!(w.stdout, p.stdout, "{code}");
    }
    assert_eq!(worker.runs, 7);
}

/// Issue 26 item 2: the worker runs a submission as `python3 Main.py` does, a real `__main__`
/// module, so a program that looks at its own module sees itself (before, it saw the worker:
/// `getattr(sys.modules[__name__], 'x', 'missing')` printed `missing`).
#[test]
fn a_program_inspecting_its_own_module_behaves_as_under_python_main_py() {
    let code = r#"import os, sys
x = 5
me = sys.modules[__name__]
print(getattr(me, 'x', 'missing'), me is sys.modules['__main__'], type(me).__name__)
print(list(globals()))
print(os.path.basename(__file__), os.path.isabs(__file__), os.path.dirname(__file__) == os.getcwd())
with open(__file__) as f:
    print(f.read() == open(__file__).read(), len(f.read()) == 0)
print(sys.argv, sys.path[0] == os.getcwd())
print(__spec__, __package__, __doc__, __cached__, type(__loader__).__name__, __loader__.name)
print(__import__('__main__').x, __import__('__main__') is me)
def f():
    return 1
print(f.__module__, f.__globals__ is vars(me), me.f is f)
class C:
    pass
print(C.__module__, repr(C()).split(' at ')[0])
"#;
    let mut worker = Runner::new(&python(), Backend::Worker);
    let mut plain = Runner::new(&python(), Backend::Plain);
    let w = worker.run(code, b"", &[], limits()).unwrap();
    let p = plain.run(code, b"", &[], limits()).unwrap();
    let text =
        |r: &equibench_oj::runner::RunResult| String::from_utf8_lossy(&r.stdout).into_owned();
    assert_eq!(
        p.ending,
        Ending::Exited(0),
        "{}",
        String::from_utf8_lossy(&p.stderr)
    );
    assert!(text(&p).starts_with("5 True module\n"), "{}", text(&p));
    assert_eq!(w.ending, p.ending, "{}", String::from_utf8_lossy(&w.stderr));
    assert_eq!(text(&w), text(&p));
}

/// Issue 26 item 4: each hash seed gets its own interpreter, so a program printing a set of
/// strings shows each seed's order, the worker's as a plain run's.
#[test]
fn runs_take_the_hash_seed_they_ask_for() {
    let code = "print(*{'w%d' % i for i in range(30)})\n";
    let mut worker = Runner::new(&python(), Backend::Worker);
    let mut plain = Runner::new(&python(), Backend::Plain);
    let mut seen = std::collections::BTreeSet::new();
    for seed in [0, 1, 2] {
        let w = worker
            .run_with_hash_seed(code, b"", &[], limits(), seed)
            .unwrap();
        let p = plain
            .run_with_hash_seed(code, b"", &[], limits(), seed)
            .unwrap();
        assert_eq!(w.stdout, p.stdout, "seed {seed}");
        seen.insert(w.stdout.clone());
    }
    assert_eq!(seen.len(), 3, "the seeds gave the same set order");
    let default = worker.run(code, b"", &[], limits()).unwrap();
    assert_eq!(
        default.stdout,
        worker
            .run_with_hash_seed(
                code,
                b"",
                &[],
                limits(),
                equibench_oj::runner::BUILD_HASH_SEED
            )
            .unwrap()
            .stdout
    );
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
