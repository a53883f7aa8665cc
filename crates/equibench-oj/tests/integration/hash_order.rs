//! Issue 27: the build spares a program pair's second-hash-seed runs only when
//! `tools/py_hash_order.py` finds both programs hash-order free. Shown here with the real tool
//! and the real sandboxed worker: every hazard it names is found (and the ones that matter do
//! change a program's output with the seed), common idioms pass, and no program of the embedded
//! corpus that it passes prints anything different under the two hash seeds.

use equibench_core::Tools;
use equibench_oj::codenet::{load, CorpusKind};
use equibench_oj::compare::canonical_output;
use equibench_oj::pytool::PyTool;
use equibench_oj::runner::{Backend, RunLimits, Runner, BUILD_HASH_SEED, CHECK_HASH_SEED};
use std::path::Path;

fn tool() -> PyTool {
    PyTool::start(&Tools::new()).unwrap()
}

fn runner() -> Runner {
    let python = Tools::new()
        .get(&equibench_oj::tools::SANDBOX_PYTHON)
        .unwrap()
        .path
        .clone();
    Runner::new(&python, Backend::Worker)
}

fn limits() -> RunLimits {
    RunLimits {
        cpu_s: 2,
        wall_ms: 6000,
        memory_kb: 256 << 10,
        out_cap: 1 << 16,
    }
}

/// Programs whose output can change with the hash seed, or that the check cannot follow; the
/// first ones do change on `WORDS` between hash seeds 0 and 1.
const CHANGING: &[&str] = &[
    "print(*set(input().split()))\n",
    "print(*{w for w in input().split()})\n",
    "w = input().split()\nprint(*frozenset(w))\n",
    "print([hash(w) % 7 for w in input().split()])\n",
    "d = dict.fromkeys(input().split())\nprint(*(d.keys() | {'zz'}))\n",
    "import sys\ninput()\nprint(sys.flags.hash_randomization)\n",
];
const WORDS: &[u8] = b"apple banana cherry date elder fig grape honey ice juice kiwi lemon\n";

/// Issue 37 item 1: programs the old deny-list passed, each printing differently under hash
/// seeds 0 and 1 in the judge worker: the set type through typing, dict views made sets by
/// typing, `set` from a frame's builtins (the frame reached three ways), attributes reached by a
/// format string built at run time or by string.Formatter, the environment read through
/// io.open, a string annotation evaluated by typing.get_type_hints, and a program's own `max`
/// or `tuple` taking a dict view the check took for consumed.
const ISSUE_37: &[&str] = &[
    // typing get origin set
    "import typing\nS = typing.get_origin(typing.Set)\nprint(*S(input().split()))\n",
    // typing frozenset
    "import typing\nprint(*typing.get_origin(typing.FrozenSet)(input().split()))\n",
    // typing keysview
    "import typing\nd = dict.fromkeys(input().split())\nprint(*(typing.KeysView(d) & list(d)))\n",
    // typing itemsview
    "import typing\nd = {w: 1 for w in input().split()}\nprint(*(typing.ItemsView(d) & list(d.items())))\n",
    // frame builtins
    "import sys\nS = sys._getframe().f_builtins['se' + 't']\nprint(*S(input().split()))\n",
    // traceback frame
    "import sys\ntry:\n    1 / 0\nexcept ZeroDivisionError:\n    S = sys.exc_info()[2].tb_frame.f_builtins['se' + 't']\nprint(*S(input().split()))\n",
    // generator frame
    "g = (x for x in [0])\nS = g.gi_frame.f_builtins['se' + 't']\nprint(*S(input().split()))\n",
    // runtime format
    "import sys\ninput()\nprint(('{0' + '.flags.hash_randomization}').format(sys))\n",
    // formatter get field
    "import string, sys\ninput()\nprint(string.Formatter().get_field('0.flags.hash_randomization', [sys], {})[0])\n",
    // io open environ
    "import io\ninput()\nprint([e for e in io.open('/proc/self/environ').read().split('\\0') if e.startswith('PYTHONHASH')])\n",
    // get type hints
    "import typing\ndef f(x: 'se' 't(input().split())'): pass\nprint(*typing.get_type_hints(f)['x'])\n",
    // own max
    "def max(v):\n    return v | ['zz']\nd = dict.fromkeys(input().split())\nprint(*max(d.keys()))\n",
    // own tuple
    "tuple = lambda v: v ^ ['zz']\nd = dict.fromkeys(input().split())\nprint(*tuple(d.keys()))\n",
];

const REFUSED: &[&str] = &[
    "k = dict.fromkeys(input().split()).keys()\nprint(*(k - {'fig'}))\n",
    "import os\nprint(os.environ.get('PYTHONHASHSEED'))\n",
    "print(open('/proc/self/environ').read())\n",
    "f = open\nprint(f('/proc/self/environ').read())\n",
    "import random\nprint(random.random())\n",
    "print(eval(input()))\n",
    "import sys\nprint(getattr(sys, 'flags'))\n",
    "import sys\nprint('{0.flags}'.format(sys))\n",
    "print(input().__hash__())\n",
    "print(id(input()))\n",
    "from sys import flags\nprint(flags)\n",
    "from operator import attrgetter\nimport sys\nprint(attrgetter('flags')(sys))\n",
    "import sys\nprint(sorted(sys.modules))\n",
    "from math import *\nprint(pi)\n",
    "print(__builtins__)\n",
    "def f(\n",
];

/// Common competitive-programming idioms that cannot reach a str hash or set order.
const FREE: &[&str] = &[
    "import sys\ninput = sys.stdin.readline\nn = int(input())\nprint(n * 2)\n",
    "data = open(0).read().split()\nprint(len(data))\n",
    "from collections import Counter, defaultdict, deque\nc = Counter(input().split())\nfor k, v in c.items():\n    print(k, v)\nprint(c.most_common(2))\n",
    "d = {}\nfor w in input().split():\n    d[w] = d.get(w, 0) + 1\nprint(sorted(d.keys()), list(d.items()), len(d.keys()))\nprint(d)\n",
    "import heapq, bisect, math, itertools\nfrom functools import lru_cache\nprint(math.gcd(4, 6), list(itertools.permutations('ab')))\n",
    "print('{:.3f} {}'.format(1 / 3, 2), f'{2:>4}')\n",
    "if __name__ == '__main__':\n    print(sum(int(x) for x in input().split()))\n",
];

#[test]
fn each_hazard_is_found_and_common_idioms_pass() {
    let mut tool = tool();
    for code in CHANGING.iter().chain(REFUSED) {
        assert!(tool.hash_hazard(code).unwrap().is_some(), "passed: {code}");
    }
    for code in FREE {
        assert_eq!(tool.hash_hazard(code).unwrap(), None, "refused: {code}");
    }
}

#[test]
fn issue_37_programs_are_found_and_do_depend_on_the_hash_seed() {
    let mut tool = tool();
    let found: Vec<Option<String>> = ISSUE_37
        .iter()
        .map(|code| tool.hash_hazard(code).unwrap())
        .collect();
    let passed: Vec<&&str> = ISSUE_37
        .iter()
        .zip(&found)
        .filter(|(_, h)| h.is_none())
        .map(|(c, _)| c)
        .collect();
    assert!(passed.is_empty(), "passed: {passed:#?}");
    changes_with_the_hash_seed(ISSUE_37);
}

#[test]
fn the_hazards_found_do_change_output_with_the_hash_seed() {
    changes_with_the_hash_seed(CHANGING);
}

/// Each program ends normally on `WORDS` under hash seed 0 and prints other tokens under 1.
fn changes_with_the_hash_seed(programs: &[&str]) {
    let mut runner = runner();
    for code in programs {
        let [first, second] = [BUILD_HASH_SEED, CHECK_HASH_SEED].map(|seed| {
            runner
                .run_many(code, &[WORDS], &[], limits(), seed)
                .unwrap()
        });
        assert!(first[0].success(), "{code}: {:?}", first[0]);
        assert_ne!(
            canonical_output(&first[0].stdout),
            canonical_output(&second[0].stdout),
            "{code}"
        );
    }
}

/// The programs of every fourth problem of the embedded corpus (some 200, to keep the test
/// short) on their problem's sample under both hash seeds: those the check passes end alike and
/// print the same tokens (those that differ are all refused).
#[test]
fn corpus_programs_that_pass_print_the_same_under_both_hash_seeds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/oj");
    let corpus = load(&root, CorpusKind::Embedded).unwrap();
    let (mut tool, mut runner) = (tool(), runner());
    let (mut passed, mut changed) = (0, 0);
    for problem in corpus.problems.iter().step_by(4) {
        let Some(sample) = &problem.sample else {
            continue;
        };
        let limits = RunLimits::for_problem(problem.time_limit_ms, problem.memory_limit_kb);
        for s in &problem.submissions {
            let input = [sample.input.as_bytes()];
            let first = runner
                .run_many(&s.source, &input, &[], limits, BUILD_HASH_SEED)
                .unwrap();
            let second = runner
                .run_many(&s.source, &input, &[], limits, CHECK_HASH_SEED)
                .unwrap();
            let same = first[0].ending == second[0].ending
                && canonical_output(&first[0].stdout) == canonical_output(&second[0].stdout);
            let hazard = tool.hash_hazard(&s.source).unwrap();
            if hazard.is_none() {
                passed += 1;
                let limit = first[0].hit_limit() || second[0].hit_limit();
                assert!(same || limit, "{} {} passed but changed", problem.id, s.id);
            }
            changed += usize::from(!same);
        }
    }
    // Most submissions pass (the check is worth having); `changed` is reported, not asserted:
    // the samples need not expose a dependence.
    assert!(passed > 120, "only {passed} passed");
    eprintln!("{passed} passed; {changed} changed output with the hash seed on the sample");
}
