//! Issue 27: batched runs (several inputs per forked child) give every input exactly what a run
//! of its own gives, with the real sandboxed worker against plain runs (a fresh `python3 Main.py`
//! per run): endings and outputs attributed to the input that caused them, and nothing one run
//! changes in the interpreter reaching the next.

use equibench_oj::runner::{Backend, Ending, RunLimits, RunResult, Runner};

fn python() -> std::path::PathBuf {
    equibench_core::Tools::new()
        .get(&equibench_oj::tools::SANDBOX_PYTHON)
        .unwrap()
        .path
        .clone()
}

fn limits() -> RunLimits {
    RunLimits {
        cpu_s: 1,
        wall_ms: 3000,
        memory_kb: 256 << 10,
        out_cap: 1 << 16,
    }
}

/// Programs that each misbehave on some inputs (0..8) or change process-wide state a later run
/// would see if the child were reused naively.
const PROGRAMS: &[&str] = &[
    // Crashes on some inputs, prints before crashing on others.
    "n = int(input())\nprint(n)\nif n % 3 == 1:\n    raise ValueError(n)\n",
    // Exit statuses, and an exit that skips Python's own (buffered output is lost).
    "import sys, os\nn = int(input())\nprint(n, flush=n == 5)\nif n == 2:\n    sys.exit(3)\nif n == 5:\n    os._exit(7)\n",
    // A CPU limit on one input only.
    "n = int(input())\nprint('x', flush=True)\nwhile n == 4:\n    pass\nprint(n)\n",
    // Output over the cap on one input.
    "n = int(input())\nprint('y' * (30000 * n))\n",
    // Killed by a signal after printing.
    "import os, signal\nn = int(input())\nprint(n, flush=True)\nif n == 6:\n    os.kill(os.getpid(), signal.SIGSEGV)\n",
    // State a later run would inherit: the recursion limit, builtins, the decimal context, the
    // int-digit limit, files in the working directory, an alarm.
    "import sys\nprint(sys.getrecursionlimit())\nsys.setrecursionlimit(10 ** 6)\ndef f(k):\n    return 0 if k == 0 else 1 + f(k - 1)\nprint(f(int(input()) * 150))\n",
    "import builtins\nn = int(input())\nprint(getattr(builtins, 'seen', None))\nbuiltins.seen = n\n",
    "import decimal\nprint(decimal.getcontext().prec, decimal.Decimal(1) / 7)\ndecimal.getcontext().prec = int(input()) + 3\n",
    "import sys\nprint(sys.get_int_max_str_digits())\nsys.set_int_max_str_digits(640 + int(input()))\n",
    "import os\nn = int(input())\nprint(sorted(os.listdir('.')))\nopen('left%d' % n, 'w').write('x')\n",
    "import signal, time\nn = int(input())\nprint(n)\nif n == 1:\n    signal.alarm(1)\nt = time.time()\nwhile time.time() < t + 0.4:\n    pass\n",
];

/// Issue 37 item 4: what a batched run used to get wrong against `python3 Main.py`. State outside
/// module namespaces a run left for the next: an attribute set on a library class, on an object
/// a library holds (an enum member), on a module a run imported itself (the next run must import
/// it afresh, not find it as the run left it), a library function's defaults. The recursion
/// budget (the worker's own frames counted against the program's limit), and what the
/// interpreter does after the module ends (join threads, run atexit callbacks).
const ISSUE_37: &[&str] = &[
    "import fractions\nn = int(input())\nprint(getattr(fractions.Fraction, 'marker', None))\nfractions.Fraction.marker = n\n",
    "import re\nn = int(input())\nprint(getattr(re.IGNORECASE, 'marker', None))\nre.IGNORECASE.marker = n\n",
    "n = int(input())\nimport dataclasses\nprint(getattr(dataclasses, 'marker', None))\ndataclasses.marker = n\n",
    "import heapq\nn = int(input())\nprint(heapq.nlargest(1, ['b', 'aa']))\nif n == 1:\n    heapq.nlargest.__defaults__ = (len,)\n",
    "import sys\ndef f(n):\n    try:\n        return f(n + 1)\n    except RecursionError:\n        return n\nprint(f(1), sys.getrecursionlimit(), input())\n",
    "import threading\ndef main():\n    print(int(input()) * 2)\nthreading.Thread(target=main).start()\n",
    "import atexit\nn = int(input())\natexit.register(print, 'bye', n)\nprint(n)\n",
];

#[test]
fn issue_37_a_batched_run_is_a_fresh_python_main_py() {
    let inputs: Vec<Vec<u8>> = (0..8).map(|n| format!("{n}\n").into_bytes()).collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let mut worker = Runner::new(&python(), Backend::Worker);
    let mut plain = Runner::new(&python(), Backend::Plain);
    let mut wrong = Vec::new();
    for code in ISSUE_37 {
        let batched = worker.run_many(code, &refs, &[], limits(), 0).unwrap();
        for (i, input) in inputs.iter().enumerate() {
            let own = plain.run(code, input, &[], limits()).unwrap();
            if (batched[i].ending, &batched[i].stdout) != (own.ending, &own.stdout) {
                wrong.push(format!(
                    "{code}on {i}: batched {:?} {:?}, python3 Main.py {:?} {:?}",
                    batched[i].ending,
                    String::from_utf8_lossy(&batched[i].stdout),
                    own.ending,
                    String::from_utf8_lossy(&own.stdout)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Reads stdin as a file (the size of descriptor 0), as fast-input idioms do: the worker gives
/// stdin as a regular file, single or batched (a plain sandboxed run gives a pipe).
const FSTAT_STDIN: &str =
    "import os\ndata = os.read(0, os.fstat(0).st_size)\nprint(len(data), data.split())\n";

fn same(code: &str, input: usize, batched: &RunResult, own: &RunResult) {
    if own.hit_limit() {
        assert!(
            batched.hit_limit(),
            "{code} on {input}: {batched:?} vs {own:?}"
        );
    } else {
        assert_eq!(batched.ending, own.ending, "{code} on {input}");
    }
    assert_eq!(
        String::from_utf8_lossy(&batched.stdout),
        String::from_utf8_lossy(&own.stdout),
        "{code} on {input}"
    );
}

#[test]
fn a_batch_gives_each_input_what_a_run_of_its_own_gives() {
    let inputs: Vec<Vec<u8>> = (0..8).map(|n| format!("{n}\n").into_bytes()).collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let mut worker = Runner::new(&python(), Backend::Worker);
    let mut plain = Runner::new(&python(), Backend::Plain);
    for code in PROGRAMS {
        let batched = worker.run_many(code, &refs, &[], limits(), 0).unwrap();
        assert_eq!(batched.len(), inputs.len());
        for (i, input) in inputs.iter().enumerate() {
            let own = plain.run(code, input, &[], limits()).unwrap();
            same(code, i, &batched[i], &own);
        }
    }
    // Each (program, input) ran once, in batches.
    assert_eq!(worker.runs, (PROGRAMS.len() * inputs.len()) as u64);
    let batched = worker
        .run_many(FSTAT_STDIN, &refs, &[], limits(), 0)
        .unwrap();
    for (i, input) in inputs.iter().enumerate() {
        let own = worker.run(FSTAT_STDIN, input, &[], limits()).unwrap();
        same(FSTAT_STDIN, i, &batched[i], &own);
        assert_eq!(own.stdout, format!("2 [b'{i}']\n").into_bytes());
    }
}

#[test]
fn a_batch_takes_cached_runs_and_keeps_the_order_of_its_inputs() {
    let code = "n = int(input())\nprint(n * n)\n";
    let inputs: Vec<Vec<u8>> = (0..20).map(|n| format!("{n}\n").into_bytes()).collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let mut worker = Runner::new(&python(), Backend::Worker);
    // Single runs of inputs 3 and 7 first: the batch takes them from the cache.
    for i in [3, 7] {
        worker.run(code, &inputs[i], &[], limits()).unwrap();
    }
    let before = worker.runs;
    let all = worker.run_many(code, &refs, &[], limits(), 0).unwrap();
    assert_eq!(worker.runs - before, 18);
    for (n, r) in all.iter().enumerate() {
        assert_eq!(r.ending, Ending::Exited(0));
        assert_eq!(r.stdout, format!("{}\n", n * n).into_bytes());
    }
    // Again: all from the cache.
    worker.run_many(code, &refs, &[], limits(), 0).unwrap();
    assert_eq!(worker.runs - before, 18);
}

/// Generators can print the same test for two seeds: an input given twice in one request runs
/// once, each copy answered in its place (not before the limit hit a stopping caller ends at).
#[test]
fn an_input_given_twice_runs_once_and_each_copy_is_answered_in_place() {
    let code = "n = int(input())\nprint(n + 1)\n";
    let inputs: Vec<Vec<u8>> = [0, 1, 0, 2, 1, 0]
        .iter()
        .map(|n| format!("{n}\n").into_bytes())
        .collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let mut runner = Runner::new(&python(), Backend::Worker);
    let all = runner.run_many(code, &refs, &[], limits(), 0).unwrap();
    let outs: Vec<&[u8]> = all.iter().map(|r| r.stdout.as_slice()).collect();
    assert_eq!(outs, [&b"1\n"[..], b"2\n", b"1\n", b"3\n", b"2\n", b"1\n"]);
    assert_eq!(runner.runs, 3);
    // Same stdin, different argv: different runs.
    let argvs = [
        vec!["1".to_string()],
        vec!["2".to_string()],
        vec!["1".to_string()],
    ];
    let runs: Vec<(&[u8], &[String])> = argvs.iter().map(|a| (&b"7\n"[..], &a[..])).collect();
    let echo = "import sys\nprint(input(), sys.argv[1:])\n";
    let got = runner.run_each(echo, &runs, limits(), 0, false).unwrap();
    assert_eq!(got[0].stdout, got[2].stdout);
    assert_ne!(got[0].stdout, got[1].stdout);
    assert_eq!(runner.runs, 5);
    // Stopping at a limit: a copy of an input before the hit is answered, nothing after it.
    let inputs: Vec<Vec<u8>> = [3, 5, 3, 2, 5]
        .iter()
        .map(|n| format!("{n}\n").into_bytes())
        .collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let got = runner
        .run_many_until_limit(LOOPS_ON_2_AND_4, &refs, limits(), 0)
        .unwrap();
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[2].stdout, b"9\n");
    assert!(got[3].hit_limit());
    assert_eq!(runner.runs, 8);
}

/// Loops on inputs 2 and 4, prints its input squared otherwise.
const LOOPS_ON_2_AND_4: &str = "n = int(input())\nwhile n in (2, 4):\n    pass\nprint(n * n)\n";

#[test]
fn a_batch_stopped_at_a_limit_answers_up_to_it_and_runs_nothing_after_it() {
    let inputs: Vec<Vec<u8>> = (0..6).map(|n| format!("{n}\n").into_bytes()).collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    for backend in [Backend::Worker, Backend::Plain] {
        let mut runner = Runner::new(&python(), backend);
        let got = runner
            .run_many_until_limit(LOOPS_ON_2_AND_4, &refs, limits(), 0)
            .unwrap();
        assert_eq!(got.len(), 3, "{backend:?}: {got:?}");
        for (n, r) in got.iter().take(2).enumerate() {
            assert_eq!(r.ending, Ending::Exited(0));
            assert_eq!(r.stdout, format!("{}\n", n * n).into_bytes());
        }
        assert!(got[2].hit_limit(), "{backend:?}: {:?}", got[2]);
        // Inputs 3..6 were never run: the worker answered nothing after the limit.
        assert_eq!(runner.runs, 3, "{backend:?}");
        // From the cache, up to the cached limit hit again; past it, the rest up to the next.
        let again = runner
            .run_many_until_limit(LOOPS_ON_2_AND_4, &refs, limits(), 0)
            .unwrap();
        assert_eq!(again.len(), 3);
        assert_eq!(runner.runs, 3);
        let rest = runner
            .run_many_until_limit(LOOPS_ON_2_AND_4, &refs[3..], limits(), 0)
            .unwrap();
        assert_eq!(rest.len(), 2);
        assert_eq!(rest[0].stdout, b"9\n");
        assert!(rest[1].hit_limit());
        assert_eq!(runner.runs, 5);
    }
}

/// A generator: its output is a function of its argv only, whether it seeds an instance or the
/// module's shared generator.
const GENERATORS: &[&str] = &[
    "import random, sys\nr = random.Random(int(sys.argv[1]))\nprint(sys.argv[1:], r.randint(0, 10 ** 9))\n",
    "import random, sys\nrandom.seed(int(sys.argv[1]))\nprint(len(sys.argv), [random.random() for _ in range(3)])\n",
];

#[test]
fn a_batch_of_argvs_gives_each_run_what_a_run_with_that_argv_gives() {
    let argvs: Vec<Vec<String>> = (0..10).map(|s| vec![(1000 + s).to_string()]).collect();
    let runs: Vec<(&[u8], &[String])> = argvs.iter().map(|a| (&b""[..], &a[..])).collect();
    for code in GENERATORS {
        let mut batched = Runner::new(&python(), Backend::Worker);
        let all = batched.run_each(code, &runs, limits(), 0, false).unwrap();
        assert_eq!(all.len(), argvs.len());
        let mut plain = Runner::new(&python(), Backend::Plain);
        for (argv, got) in argvs.iter().zip(&all) {
            let own = plain.run(code, b"", argv, limits()).unwrap();
            assert_eq!(got.ending, Ending::Exited(0), "{code} {argv:?}");
            assert_eq!(got.stdout, own.stdout, "{code} {argv:?}");
        }
    }
}

/// "Print twice n" judged on inputs 0..10 against two references, the programs judged failing
/// in every way the judge tells apart.
#[test]
fn a_batched_judgement_is_the_judgement_single_runs_give() {
    use equibench_oj::codenet::Problem;
    use equibench_oj::inputs::{Origin, TestInput, TestSet};
    use equibench_oj::judge::{judge, reference_outputs, JudgeRuns};
    let problem = Problem {
        id: "p1".into(),
        name: "twice".into(),
        time_limit_ms: 500,
        memory_limit_kb: 262144,
        html: String::new(),
        sample: None,
        float_tolerance: None,
        generator: None,
        submissions: Vec::new(),
        reserved_for_exemplars: false,
    };
    let tests = TestSet {
        inputs: (0..10)
            .map(|n| TestInput {
                origin: Origin::Generator { seed: n },
                text: format!("{n}\n"),
                sha256: equibench_core::pair::sha256_hex(format!("{n}\n").as_bytes()),
            })
            .collect(),
        dropped: Default::default(),
    };
    let references = [
        "print(2 * int(input()))\n",
        "n = int(input())\nprint(n + n)\n",
    ];
    let judged = [
        "print(2 * int(input()))\n",
        "n = int(input())\nprint(2 * n if n < 5 else 0)\n",
        "print(0)\n",
        "n = int(input())\nassert n != 3\nprint(2 * n)\n",
        "n = int(input())\nwhile n == 4:\n    pass\nprint(2 * n)\n",
        "n = int(input())\nwhile n == 6:\n    pass\nprint(2 * n if n != 2 else 5)\n",
        "n = int(input())\nprint('z' * (2 << 20) if n == 7 else 2 * n)\n",
        "n = int(input())\nx = [0] * (10 ** 9) if n == 8 else 0\nprint(2 * n)\n",
    ];
    for code in judged {
        for stop in [true, false] {
            let mut verdicts = Vec::new();
            for runs in [JudgeRuns::Single, JudgeRuns::Batched] {
                // A runner (and cache) of its own per mode: nothing is shared between them.
                let mut runner = Runner::new(&python(), Backend::Worker);
                let mut references_of = |range: std::ops::Range<usize>, runner: &mut Runner| {
                    let inputs: Vec<&[u8]> = tests.inputs[range]
                        .iter()
                        .map(|i| i.text.as_bytes())
                        .collect();
                    reference_outputs(&problem, &inputs, &references, runner)
                };
                let j = judge(
                    &problem,
                    code,
                    &tests,
                    &mut references_of,
                    &mut runner,
                    stop,
                    runs,
                )
                .unwrap();
                verdicts.push((j.status, j.passed, j.judged, j.first_wrong));
            }
            assert_eq!(
                verdicts[0], verdicts[1],
                "{code} (stop at first failure: {stop})"
            );
        }
    }
}
