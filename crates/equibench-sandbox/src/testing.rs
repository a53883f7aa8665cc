//! Helpers for tests of time limits under load: that a run's outcome (the sandbox's wall clock, a
//! judge's limits, a build's bytes) is the same on a busy machine as on an idle one needs a busy
//! machine made inside the test. Here, once, for every crate whose tests need one.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Busy loops (`sh -c 'while :; do :; done'`) that take CPU time from the code under test.
///
/// Each loop runs under `timeout`, so it ends by itself after the bound it was started with should
/// the test die before dropping it (a test process that is killed runs no `Drop`). Each `timeout`
/// leads a process group of its own from the start, and a hog is stopped by SIGKILL to that group:
/// `timeout` and its loop at once, however far `timeout` had got (a signal to `timeout` alone,
/// before it has set up the handler that passes signals on, would leave its loop running with
/// nothing to end it). Stopped by [`Hogs::stop`], which also says how much CPU they had, or when
/// dropped.
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
                        .stderr(Stdio::null())
                        .process_group(0)
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
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", h.id())])
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

    /// Whether a process of group `pgid` is still running (a zombie does not count), from /proc.
    fn group_running(pgid: u32) -> bool {
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
            .any(|stat| {
                // After the command's name in parentheses: state, ppid, pgrp.
                let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
                let fields: Vec<&str> = rest.split_whitespace().collect();
                fields.len() > 2 && fields[0] != "Z" && fields[2] == pgid.to_string()
            })
    }

    /// Waits up to 10 s for the group to end; whether it did.
    fn ended(pgid: u32) -> bool {
        (0..1000).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            !group_running(pgid)
        })
    }

    /// The loops burn CPU while they run, and none is left once they are stopped or dropped, even
    /// when dropped at once (before `timeout` could have set up its signal handling).
    #[test]
    fn hogs_burn_cpu_and_end_when_stopped_or_dropped() {
        let hogs = Hogs::pinned(2, 0, Duration::from_secs(60));
        let pids: Vec<u32> = hogs.0.iter().map(Child::id).collect();
        // Each loop gets CPU time eventually, however busy the machine is.
        while pids.iter().any(|&p| loop_cpu(p).is_zero()) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(hogs.stop() > Duration::ZERO);
        for p in pids {
            assert!(ended(p), "hog {p} outlived stop");
        }
        for _ in 0..20 {
            let hogs = Hogs::start(1, Duration::from_secs(60));
            let pid = hogs.0[0].id();
            drop(hogs);
            assert!(ended(pid), "hog {pid} outlived drop");
        }
    }
}
