//! Starting a sandboxed process without copying equibench's address space.
//!
//! `fork` copies the page tables of the whole parent. On the small VMs this project runs on that
//! costs about 5 ms for a 50 MB parent and 30 ms for a 540 MB one, and a sandboxed run needed two
//! (the start, and the sweep of its private uid): in a build of C programs, with thousands of short runs, the
//! kernel's copying was a third of all CPU time. Here the child shares the parent's memory
//! (`CLONE_VM | CLONE_VFORK`, the technique of glibc's `posix_spawn`) and, on a stack of its own,
//! makes only raw system calls (process group, stdio, directory, rlimits, uid, then exec): the
//! calling thread sleeps until the child has exec'd or exited, and the child touches nothing but
//! its stack and the plan below. glibc's wrappers are avoided on purpose: its `setuid` would try to
//! change the credentials of every thread it knows of, which here are the parent's.

use std::ffi::{c_int, c_void, CString, OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// What to start.
pub struct Spec<'a> {
    pub program: &'a Path,
    /// Arguments after argv\[0\] (which is `program`).
    pub args: &'a [OsString],
    /// The whole environment, in order; a later entry for a name replaces an earlier one.
    pub env: &'a [(String, String)],
    pub cwd: &'a Path,
    pub limits: &'a [(libc::__rlimit_resource_t, u64)],
    /// Run as this uid and gid, with no supplementary groups (only possible as root).
    pub uid: Option<u32>,
    /// A CPU-time timer (ITIMER_PROF, kept across execve): SIGPROF when it runs out.
    pub cpu_timer: Option<std::time::Duration>,
}

/// A started child: its pid (also its process group) and the parent's ends of its stdio pipes.
pub struct Child {
    pub pid: i32,
    pub stdin: Option<File>,
    pub stdout: Option<File>,
    pub stderr: Option<File>,
}

/// At most this many rlimits per start (the sandbox sets six).
const MAX_LIMITS: usize = 8;
/// The child's stack: it only makes system calls from one small function.
const CHILD_STACK: usize = 64 * 1024;

/// The kernel's `struct sigaction` (not libc's, whose layout differs).
#[repr(C)]
struct KernelSigaction {
    handler: usize,
    flags: u64,
    restorer: usize,
    mask: u64,
}

/// Everything the child needs, prepared by the parent (the child must not allocate).
#[repr(C)]
struct Plan {
    path: *const libc::c_char,
    argv: *const *const libc::c_char,
    envp: *const *const libc::c_char,
    cwd: *const libc::c_char,
    stdio: [c_int; 3],
    limits: [(c_int, libc::rlimit64); MAX_LIMITS],
    limit_count: usize,
    /// -1: keep the parent's uid.
    uid: i64,
    /// Armed just before execve when `it_value` is not zero.
    cpu_timer: libc::itimerval,
    /// Set by the child when a step fails: the errno of that step.
    error: c_int,
}

fn cstring(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "a NUL byte in a program path, argument or environment entry",
        )
    })
}

/// A pipe whose ends are both close-on-exec and above the stdio numbers, so that moving one child
/// end onto 0, 1 or 2 can never overwrite another.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: pipe2 writes two descriptors into the array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    let (r, w) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(r)?, above_stdio(w)?))
}

fn above_stdio(fd: OwnedFd) -> io::Result<OwnedFd> {
    if fd.as_raw_fd() > 2 {
        return Ok(fd);
    }
    // SAFETY: duplicating a descriptor we own.
    let moved = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    if moved < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fcntl just created it.
    Ok(unsafe { OwnedFd::from_raw_fd(moved) })
}

/// A one-shot ITIMER_PROF value for `limit` (all zero, i.e. disarmed, for none); at least 1 µs.
fn itimer(limit: Option<std::time::Duration>) -> libc::itimerval {
    let zero = libc::timeval {
        tv_sec: 0,
        tv_usec: 0,
    };
    let value = match limit {
        Some(d) => {
            let d = d.max(std::time::Duration::from_micros(1));
            libc::timeval {
                tv_sec: d.as_secs() as libc::time_t,
                tv_usec: d.subsec_micros() as libc::suseconds_t,
            }
        }
        None => zero,
    };
    libc::itimerval {
        it_interval: zero,
        it_value: value,
    }
}

/// Blocks every signal in the calling thread while alive, so that no handler of the parent can run
/// on the child's stack in the shared memory before the child has reset its dispositions.
struct SignalsBlocked(libc::sigset_t);

impl SignalsBlocked {
    fn new() -> Self {
        // SAFETY: sigset_t is plain data, initialised by sigfillset/pthread_sigmask.
        unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            let mut old: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
            SignalsBlocked(old)
        }
    }
}

impl Drop for SignalsBlocked {
    fn drop(&mut self) {
        // SAFETY: restoring the mask saved in new().
        unsafe {
            libc::pthread_sigmask(libc::SIG_SETMASK, &self.0, std::ptr::null_mut());
        }
    }
}

/// The last errno, read in the child (it shares the parent thread's errno slot, which is harmless:
/// that thread sleeps until the child is gone).
fn errno() -> c_int {
    // SAFETY: __errno_location always returns a valid pointer for the current thread.
    unsafe { *libc::__errno_location() }
}

/// Run `f` on a fresh stack in a child that shares this process's memory; returns once the child
/// has exec'd or exited, with its pid.
fn clone_vfork(f: extern "C" fn(*mut c_void) -> c_int, arg: *mut c_void) -> io::Result<i32> {
    let mut stack = vec![0u8; CHILD_STACK];
    // SAFETY: the pointer one past the end of the allocation, rounded down to 16 bytes.
    let top = unsafe { stack.as_mut_ptr().add(CHILD_STACK) } as usize & !15;
    let _blocked = SignalsBlocked::new();
    // SAFETY: the child runs `f` on its own stack; with CLONE_VFORK this thread does not resume
    // (and the stack and `arg` stay alive) until the child has exec'd or exited.
    let pid = unsafe {
        libc::clone(
            f,
            top as *mut c_void,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            arg,
        )
    };
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(pid)
}

/// Wait for `pid` to end (retrying on EINTR); the raw status.
pub fn wait_blocking(pid: i32) -> io::Result<c_int> {
    let mut status = 0;
    loop {
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            return Ok(status);
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

extern "C" fn child_main(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the parent's Plan, alive and not touched by the sleeping parent thread.
    // Only raw system calls follow; nothing allocates or takes a lock.
    unsafe {
        let plan = &mut *(arg as *mut Plan);
        macro_rules! step {
            ($call:expr) => {
                if $call < 0 {
                    plan.error = errno().max(1);
                    return 127;
                }
            };
        }
        step!(libc::syscall(libc::SYS_setpgid, 0, 0));
        // Default dispositions for every signal, then none blocked: what a program expects at start.
        let default = KernelSigaction {
            handler: libc::SIG_DFL,
            flags: 0,
            restorer: 0,
            mask: 0,
        };
        for sig in 1..=64 {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                libc::syscall(
                    libc::SYS_rt_sigaction,
                    sig,
                    &default as *const KernelSigaction,
                    std::ptr::null_mut::<KernelSigaction>(),
                    8,
                );
            }
        }
        let none: u64 = 0;
        step!(libc::syscall(
            libc::SYS_rt_sigprocmask,
            libc::SIG_SETMASK,
            &none as *const u64,
            std::ptr::null_mut::<u64>(),
            8
        ));
        for (target, fd) in plan.stdio.iter().enumerate() {
            // The pipes are above 2 (see `pipe`), so dup3 never meets fd == target; the copy it
            // makes is not close-on-exec.
            step!(libc::syscall(libc::SYS_dup3, *fd, target as c_int, 0));
        }
        step!(libc::syscall(libc::SYS_chdir, plan.cwd));
        for (resource, limit) in &plan.limits[..plan.limit_count] {
            step!(libc::syscall(
                libc::SYS_prlimit64,
                0,
                *resource,
                limit as *const libc::rlimit64,
                std::ptr::null_mut::<libc::rlimit64>()
            ));
        }
        if plan.uid >= 0 {
            let id = plan.uid;
            step!(libc::syscall(
                libc::SYS_setgroups,
                0,
                std::ptr::null::<libc::gid_t>()
            ));
            step!(libc::syscall(libc::SYS_setresgid, id, id, id));
            step!(libc::syscall(libc::SYS_setresuid, id, id, id));
        }
        let timer = &plan.cpu_timer;
        if timer.it_value.tv_sec != 0 || timer.it_value.tv_usec != 0 {
            step!(libc::syscall(
                libc::SYS_setitimer,
                libc::ITIMER_PROF,
                timer as *const libc::itimerval,
                std::ptr::null_mut::<libc::itimerval>()
            ));
        }
        libc::syscall(libc::SYS_execve, plan.path, plan.argv, plan.envp);
        plan.error = errno().max(1);
        127
    }
}

/// Start `spec` with piped stdin, stdout and stderr.
pub fn spawn(spec: &Spec) -> io::Result<Child> {
    if spec.limits.len() > MAX_LIMITS {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "too many rlimits",
        ));
    }
    let path = cstring(spec.program.as_os_str().as_bytes())?;
    let mut args = vec![path.clone()];
    for a in spec.args {
        args.push(cstring(a.as_bytes())?);
    }
    let mut env: Vec<(&str, &str)> = Vec::new();
    for (k, v) in spec.env {
        match env.iter_mut().find(|(name, _)| name == k) {
            Some(slot) => slot.1 = v,
            None => env.push((k, v)),
        }
    }
    let env: Vec<CString> = env
        .iter()
        .map(|(k, v)| cstring(format!("{k}={v}").as_bytes()))
        .collect::<io::Result<_>>()?;
    let argv: Vec<*const libc::c_char> = args
        .iter()
        .map(|a| a.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect();
    let envp: Vec<*const libc::c_char> = env
        .iter()
        .map(|e| e.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect();
    let cwd = cstring(OsStr::as_bytes(spec.cwd.as_os_str()))?;

    let (stdin_r, stdin_w) = pipe()?;
    let (stdout_r, stdout_w) = pipe()?;
    let (stderr_r, stderr_w) = pipe()?;
    let mut limits = [(
        0 as c_int,
        libc::rlimit64 {
            rlim_cur: 0,
            rlim_max: 0,
        },
    ); MAX_LIMITS];
    for (slot, (resource, value)) in limits.iter_mut().zip(spec.limits) {
        *slot = (
            *resource as c_int,
            libc::rlimit64 {
                rlim_cur: *value,
                rlim_max: *value,
            },
        );
    }
    let mut plan = Plan {
        path: path.as_ptr(),
        argv: argv.as_ptr(),
        envp: envp.as_ptr(),
        cwd: cwd.as_ptr(),
        stdio: [
            stdin_r.as_raw_fd(),
            stdout_w.as_raw_fd(),
            stderr_w.as_raw_fd(),
        ],
        limits,
        limit_count: spec.limits.len(),
        uid: spec.uid.map_or(-1, i64::from),
        cpu_timer: itimer(spec.cpu_timer),
        error: 0,
    };
    let pid = clone_vfork(child_main, &mut plan as *mut Plan as *mut c_void)?;
    // SAFETY: the child is gone from our memory (exec'd or exited); read what it wrote.
    let error = unsafe { std::ptr::read_volatile(&plan.error) };
    drop((stdin_r, stdout_w, stderr_w));
    if error != 0 {
        wait_blocking(pid)?;
        return Err(io::Error::from_raw_os_error(error));
    }
    Ok(Child {
        pid,
        stdin: Some(File::from(stdin_w)),
        stdout: Some(File::from(stdout_r)),
        stderr: Some(File::from(stderr_r)),
    })
}

extern "C" fn sweep_main(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` points at the parent's u32, alive while the parent sleeps; raw calls only.
    unsafe {
        let id = i64::from(*(arg as *const u32));
        if libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) == 0
            && libc::syscall(libc::SYS_setresgid, id, id, id) == 0
            && libc::syscall(libc::SYS_setresuid, id, id, id) == 0
        {
            // As that uid, kill(-1) reaches exactly the processes of that uid (but not itself).
            libc::syscall(libc::SYS_kill, -1, libc::SIGKILL);
        }
        0
    }
}

/// Kill every process running as `uid` (needs root): from a short-lived child that takes the uid.
pub fn kill_all_of_uid(uid: u32) {
    let mut id = uid;
    if let Ok(pid) = clone_vfork(sweep_main, &mut id as *mut u32 as *mut c_void) {
        let _ = wait_blocking(pid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    fn start(program: &str, args: &[&str], env: &[(String, String)]) -> io::Result<Child> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        spawn(&Spec {
            program: Path::new(program),
            args: &args,
            env,
            cwd: Path::new("/tmp"),
            limits: &[(libc::RLIMIT_NOFILE, 64)],
            uid: None,
            cpu_timer: None,
        })
    }

    fn read_all(pipe: Option<File>) -> String {
        let mut text = String::new();
        pipe.unwrap().read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn child_gets_its_pipes_directory_environment_limits_and_group() {
        let env = vec![
            ("A".to_string(), "first".to_string()),
            ("B".to_string(), "kept".to_string()),
            ("A".to_string(), "second".to_string()),
        ];
        let script = "read line; echo \"$line $A $B $(pwd) $(ulimit -n)\"; \
                      cut -d' ' -f5 /proc/$$/stat >&2";
        let mut child = start("/bin/sh", &["-c", script], &env).unwrap();
        child.stdin.take().unwrap().write_all(b"hello\n").unwrap();
        let out = read_all(child.stdout.take());
        let err = read_all(child.stderr.take());
        let status = wait_blocking(child.pid).unwrap();
        assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0);
        assert_eq!(out, "hello second kept /tmp 64\n");
        assert_eq!(err.trim(), child.pid.to_string(), "not its own group");
    }

    #[test]
    fn a_program_that_cannot_start_is_an_error_not_a_child() {
        let err = start("/nonexistent/program", &[], &[]).err().unwrap();
        assert_eq!(err.raw_os_error(), Some(libc::ENOENT));
        let err = start("/bin/sh", &["-c", "a\0b"], &[]).err().unwrap();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }

    #[test]
    fn the_child_starts_with_default_signals() {
        // Rust ignores SIGPIPE in this process; the child must not inherit that.
        let mut child = start("/bin/sh", &["-c", "grep SigIgn /proc/self/status"], &[]).unwrap();
        let out = read_all(child.stdout.take());
        wait_blocking(child.pid).unwrap();
        let mask = out.split_whitespace().nth(1).unwrap();
        assert_eq!(
            u64::from_str_radix(mask, 16).unwrap() & (1 << 12),
            0,
            "{out}"
        );
    }
}
