//! CPU time of the calling thread, shared by the benchmarks: a loaded machine slows the wall
//! clock, not the work a thread did, so rates per CPU second stay comparable between runs.

pub fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we own.
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t);
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}
