//! The clock the decision benches read: the CPU time of the calling
//! thread, the time a decision takes on one core. Other processes on a
//! loaded machine stretch the wall clock far more than this.

/// CPU time of this thread in microseconds.
///
/// # Panics
/// When the system refuses the thread's CPU clock (it does not on Linux).
pub fn thread_cpu_micros() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for clock_gettime to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    assert!(ok, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as u64 * 1_000_000 + t.tv_nsec as u64 / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_clock_advances_with_work() {
        let start = thread_cpu_micros();
        // Ten million multiply-adds: milliseconds of CPU time on any machine.
        let mut x = 1u64;
        for _ in 0..10_000_000 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let end = thread_cpu_micros();
        assert!(end > start, "{start} -> {end}");
    }
}
