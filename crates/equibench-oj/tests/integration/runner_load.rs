//! A run's outcome does not depend on how loaded the machine is (issue 26 item 9): a submission
//! that computes for a while, starved of CPU by busy loops on its core, ends as it would on an
//! idle machine, with both backends: the wall limit counts only time it could run, and the CPU
//! limit is what ends programs that compute too long.

use equibench_core::sandbox::testing::Hogs;
use equibench_oj::runner::{Backend, Ending, RunLimits, Runner};
use std::time::Duration;

fn python() -> std::path::PathBuf {
    equibench_core::Tools::new()
        .get(&equibench_oj::tools::SANDBOX_PYTHON)
        .unwrap()
        .path
        .clone()
}

#[test]
fn a_submission_starved_of_cpu_is_not_cut_off_by_its_wall_limit() {
    // The program pins itself to CPU 0, where three busy loops run: it gets a quarter of a CPU at
    // most, so its 0.3 s of computing takes well over the 0.6 s wall limit in elapsed time.
    let code = "import os, time\nos.sched_setaffinity(0, {0})\nt = time.process_time()\n\
                while time.process_time() - t < 0.3:\n    pass\nprint('done')\n";
    let limits = RunLimits {
        cpu_s: 5,
        wall_ms: 600,
        memory_kb: 256 << 10,
        out_cap: 1 << 16,
    };
    let hogs = Hogs::pinned(3, 0, Duration::from_secs(600));
    for backend in [Backend::Worker, Backend::Plain] {
        let mut runner = Runner::new(&python(), backend);
        let out = runner.run(code, b"", &[], limits).unwrap();
        assert_eq!(
            out.ending,
            Ending::Exited(0),
            "{backend:?}: {} after {} ms wall, {} ms CPU: {}",
            out.describe(),
            out.wall_ms,
            out.cpu_ms,
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, b"done\n");
    }
    drop(hogs);
    // A submission that blocks still meets the wall limit.
    let mut runner = Runner::new(&python(), Backend::Worker);
    let out = runner
        .run("import time\ntime.sleep(60)\n", b"", &[], limits)
        .unwrap();
    assert_eq!(out.ending, Ending::Timeout, "{}", out.describe());
}
