//! Helpers for tests of time limits under load: that a run's outcome (the sandbox's wall clock, a
//! judge's limits, a build's bytes) is the same on a busy machine as on an idle one needs a busy
//! machine made inside the test. Here, once, for every crate whose tests need one.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Busy loops (`sh -c 'while :; do :; done'`) that take CPU time from the code under test.
///
/// Each loop runs under `timeout`, so it ends by itself after the bound it was started with should
/// the test die before dropping it (a test process that is killed runs no `Drop`). The loops are
/// stopped by pid, with SIGTERM to `timeout`, which passes it on to its loop: by [`Hogs::stop`],
/// which also says how much CPU they had, or when dropped.
pub struct Hogs(Vec<Child>);

impl Hogs {
    /// `n` loops, each free to run on any CPU, ended after `bound` at the latest.
    pub fn start(n: usize, bound: Duration) -> Hogs {
        Hogs::spawn(n, bound, &[])
    }

    /// `n` loops all pinned to CPU `cpu` (with `taskset`), ended after `bound` at the latest: a
    /// program the test pins to the same CPU gets `1 / (n + 1)` of it at most.
    pub fn pinned(n: usize, cpu: usize, bound: Duration) -> Hogs {
        Hogs::spawn(n, bound, &["taskset", "-c", &cpu.to_string()])
    }

    fn spawn(n: usize, bound: Duration, wrapper: &[&str]) -> Hogs {
        let bound = format!("{}s", bound.as_secs().max(1));
        Hogs(
            (0..n)
                .map(|_| {
                    Command::new("timeout")
                        .arg(&bound)
                        .args(wrapper)
                        .args(["sh", "-c", "while :; do :; done"])
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .spawn()
                        .expect("start a CPU hog (`timeout` and `sh`, and `taskset` when pinned)")
                })
                .collect(),
        )
    }

    /// Stop the loops; the CPU time they had (their share of the machine while they ran).
    pub fn stop(mut self) -> Duration {
        let cpu = self.0.iter().map(|h| loop_cpu(h.id())).sum();
        self.kill();
        cpu
    }

    fn kill(&mut self) {
        for h in &mut self.0 {
            // `timeout` passes the signal on to the loop it runs; a SIGKILL would leave the loop
            // running until the bound.
            let _ = Command::new("kill")
                .args(["-TERM", &h.id().to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let _ = h.wait();
        }
        self.0.clear();
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        self.kill();
    }
}

/// CPU time of the loop that the `timeout` process `pid` runs (its children), from /proc.
fn loop_cpu(pid: u32) -> Duration {
    let children =
        std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).unwrap_or_default();
    children
        .split_whitespace()
        .filter_map(|c| crate::sched_stat(c.parse().ok()?))
        .map(|s| s.on_cpu)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loops burn CPU while they run, and none is left once they are stopped or dropped.
    #[test]
    fn hogs_burn_cpu_and_end_when_stopped_or_dropped() {
        let hogs = Hogs::pinned(2, 0, Duration::from_secs(60));
        let pids: Vec<u32> = hogs.0.iter().map(Child::id).collect();
        let loops: Vec<String> = pids
            .iter()
            .map(|p| {
                // The loop starts once `timeout` has forked it: wait for it to appear.
                let path = format!("/proc/{p}/task/{p}/children");
                for _ in 0..500 {
                    let c = std::fs::read_to_string(&path).unwrap_or_default();
                    if !c.trim().is_empty() {
                        return c.trim().to_string();
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                panic!("timeout {p} started no loop");
            })
            .collect();
        // Each loop gets CPU time eventually, however busy the machine is.
        while crate::sched_stat(loops[0].parse().unwrap()).is_none_or(|s| s.on_cpu.is_zero()) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(hogs.stop() > Duration::ZERO);
        for l in &loops {
            assert!(
                !std::path::Path::new(&format!("/proc/{l}")).exists(),
                "loop {l} outlived stop"
            );
        }
        let hogs = Hogs::start(1, Duration::from_secs(60));
        let pid = hogs.0[0].id();
        drop(hogs);
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
    }
}
