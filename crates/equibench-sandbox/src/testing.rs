//! Helpers for tests of time limits under load: that a run's outcome (the sandbox's wall clock, a
//! judge's limits, a build's bytes) is the same on a busy machine as on an idle one needs a busy
//! machine made inside the test. Here, once, for every crate whose tests need one.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// A CPU bandwidth limit: a cgroup whose processes, and everything they start, share `percent`
/// of one CPU per 100 ms period (the kernel's CFS quota). A throttled process waits for the CPU as
/// it would beside a hog, so a clock that counts the wait would cut its runs off, but no process
/// burns the CPU the quota withholds: the rest of a test suite gets it (a pinned hog beside a
/// build took a core of the suite's two for minutes, issue 38).
pub struct CpuQuota {
    dir: PathBuf,
    /// cgroup v2's `cpu.stat` counts throttled time in microseconds, v1's in nanoseconds.
    v2: bool,
}

impl CpuQuota {
    /// A new group limited to `percent` of one CPU; `None` where this machine gives the test no
    /// writable cpu controller (cgroup v1's `/sys/fs/cgroup/cpu`, or cgroup v2 with `cpu` enabled
    /// for the root's children): the caller falls back to a [`Hogs`].
    pub fn new(percent: u32) -> Option<CpuQuota> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "equibench-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let period = 100_000u64;
        let quota = period * u64::from(percent.clamp(1, 100)) / 100;
        let v1 = Path::new("/sys/fs/cgroup/cpu");
        let v2 = Path::new("/sys/fs/cgroup");
        let (dir, is_v2, settings) = if v1.join("cpu.cfs_quota_us").exists() {
            let dir = v1.join(name);
            let settings = vec![
                ("cpu.cfs_period_us", period.to_string()),
                ("cpu.cfs_quota_us", quota.to_string()),
            ];
            (dir, false, settings)
        } else if std::fs::read_to_string(v2.join("cgroup.subtree_control"))
            .is_ok_and(|c| c.split_whitespace().any(|c| c == "cpu"))
        {
            (
                v2.join(name),
                true,
                vec![("cpu.max", format!("{quota} {period}"))],
            )
        } else {
            return None;
        };
        std::fs::create_dir(&dir).ok()?;
        let group = CpuQuota { dir, v2: is_v2 };
        for (file, value) in settings {
            std::fs::write(group.dir.join(file), value).ok()?;
        }
        Some(group)
    }

    /// The words to put before a command so that it runs in the group: a shell that moves itself
    /// into it, then becomes the command (`exec`), so nothing of the command runs outside.
    pub fn wrapper(&self) -> Vec<String> {
        vec![
            "sh".into(),
            "-c".into(),
            r#"echo $$ > "$0" && exec "$@""#.into(),
            self.dir.join("cgroup.procs").display().to_string(),
        ]
    }

    /// How long the group's processes have waited for the CPU because of the quota so far.
    pub fn throttled(&self) -> Duration {
        let stat = std::fs::read_to_string(self.dir.join("cpu.stat")).unwrap_or_default();
        let field = if self.v2 {
            "throttled_usec"
        } else {
            "throttled_time"
        };
        let n = stat
            .lines()
            .find_map(|l| l.strip_prefix(field)?.trim().parse::<u64>().ok())
            .unwrap_or(0);
        if self.v2 {
            Duration::from_micros(n)
        } else {
            Duration::from_nanos(n)
        }
    }

    /// Where the group lives (a cgroup directory), for a failure message.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for CpuQuota {
    /// Removes the group; the kernel refuses while a process is still in it (one that outlived
    /// the test keeps an empty group behind, nothing else).
    fn drop(&mut self) {
        for _ in 0..50 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
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

    /// A loop in a group limited to a fifth of a CPU gets about that, and waits for the rest
    /// (throttled); the group is gone once dropped. Where the machine gives no cgroup to a test
    /// (callers then use hogs), says so.
    #[test]
    fn a_cpu_quota_throttles_what_runs_in_it() {
        let Some(quota) = CpuQuota::new(20) else {
            eprintln!("no writable cpu cgroup here: CpuQuota::new gives None");
            return;
        };
        let dir = quota.path().to_path_buf();
        let mut child = Command::new(&quota.wrapper()[0])
            .args(&quota.wrapper()[1..])
            .args(["sh", "-c", "while :; do :; done"])
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        std::thread::sleep(Duration::from_millis(1500));
        let on_cpu = crate::sched_stat(pid).unwrap().on_cpu;
        let throttled = quota.throttled();
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            on_cpu < Duration::from_millis(700),
            "{on_cpu:?} of CPU in 1.5 s at 20%"
        );
        assert!(
            throttled > Duration::from_millis(300),
            "throttled {throttled:?}"
        );
        drop(quota);
        assert!(!dir.exists(), "{} left behind", dir.display());
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
