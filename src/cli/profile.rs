//! `--stats` on where a run's time went, for reasoning about scaling: each worker's busy
//! and idle time, the time of each stage done by one thread (reading, parsing, splitting,
//! ordering, writing), the serial fraction those make of all the work, and the speed-ups
//! Amdahl's law predicts from it. The one place that measures worker time ([`Busy`]) and
//! turns the figures into the report.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::error::report;

/// The CPU time the calling thread has used (user and system), where the system tells it
/// (`CLOCK_THREAD_CPUTIME_ID`); `None` elsewhere.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Some(Duration::new(
            u64::try_from(t.tv_sec).ok()?,
            u32::try_from(t.tv_nsec).ok()?,
        ))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The CPU time the calling thread has used since `mark` (an earlier
/// [`thread_cpu_time`]); `None` where the system does not tell it.
pub fn cpu_since(mark: Option<Duration>) -> Option<Duration> {
    Some(thread_cpu_time()?.saturating_sub(mark?))
}

/// Busy time (CPU time, [`thread_cpu_time`]) per worker, added up by the workers themselves (each adds to its own slot,
/// a cache line apart from the others'); `None` slots when not measured.
pub struct Busy {
    slots: Option<Vec<Slot>>,
}

#[derive(Default)]
#[repr(align(128))]
struct Slot(AtomicU64);

impl Busy {
    /// Slots for `workers` workers when `measured`, else nothing (and no clock reads).
    pub fn new(workers: usize, measured: bool) -> Busy {
        Busy {
            slots: measured.then(|| (0..workers).map(|_| Slot::default()).collect()),
        }
    }

    /// Runs `f`, adding its time to worker `index` (the last slot for any index past it).
    pub fn time<T>(&self, index: usize, f: impl FnOnce() -> T) -> T {
        let Some(slots) = &self.slots else {
            return f();
        };
        let started = Instant::now();
        let cpu = thread_cpu_time();
        let out = f();
        // CPU time where the system tells it: a worker that waits for a core (more threads
        // than free cores) is not busy meanwhile. Wall time elsewhere.
        let spent = cpu_since(cpu).unwrap_or_else(|| started.elapsed());
        let slot = &slots[index.min(slots.len() - 1)];
        slot.0.fetch_add(spent.as_nanos() as u64, Ordering::Relaxed);
        out
    }

    /// Each worker's busy time so far (empty when not measured).
    pub fn per_worker(&self) -> Vec<Duration> {
        self.slots.as_ref().map_or(Vec::new(), |slots| {
            slots
                .iter()
                .map(|s| Duration::from_nanos(s.0.load(Ordering::Relaxed)))
                .collect()
        })
    }
}

/// A stage done by one thread, and whether the workers wait for it (`serial`: it runs
/// while they idle) or it runs beside them (a reader thread, a writer overlapping the next
/// chunk), when it only bounds the speed-up once it is the slowest part.
#[derive(Debug, Clone)]
pub struct Stage {
    pub name: &'static str,
    pub time: Duration,
    pub beside: bool,
}

impl Stage {
    /// A stage the workers wait for.
    pub fn serial(name: &'static str, time: Duration) -> Stage {
        Stage {
            name,
            time,
            beside: false,
        }
    }

    /// A stage on a thread of its own, beside the workers.
    pub fn beside(name: &'static str, time: Duration) -> Stage {
        Stage {
            name,
            time,
            beside: true,
        }
    }
}

/// Where a run's time went.
#[derive(Debug, Clone)]
pub struct Profile {
    /// From the workers' start to their end.
    pub wall: Duration,
    /// Busy time of each worker.
    pub busy: Vec<Duration>,
    /// The stages done by one thread.
    pub stages: Vec<Stage>,
}

impl Profile {
    /// The `stats:` lines: workers, stages, serial fraction and predicted speed-ups.
    pub fn report(&self) {
        for line in self.lines() {
            report(&line);
        }
    }

    fn lines(&self) -> Vec<String> {
        let secs = |d: &Duration| format!("{:.3}", d.as_secs_f64());
        let busy: Vec<String> = self.busy.iter().map(secs).collect();
        let idle: Vec<String> = self
            .busy
            .iter()
            .map(|b| secs(&self.wall.saturating_sub(*b)))
            .collect();
        let mut lines = vec![format!(
            "stats: {} {}, busy {} s, idle {} s, of {} s",
            self.busy.len(),
            if self.busy.len() == 1 {
                "worker"
            } else {
                "workers"
            },
            busy.join(" + "),
            idle.join(" + "),
            secs(&self.wall)
        )];
        let stage = |s: &Stage| {
            let where_ = if s.beside { "beside" } else { "waited for" };
            format!("{} {} s ({where_})", s.name, secs(&s.time))
        };
        let stages: Vec<String> = self.stages.iter().map(stage).collect();
        lines.push(format!("stats: one-thread stages: {}", stages.join(", ")));
        let serial: f64 = self.stages.iter().map(|s| s.time.as_secs_f64()).sum();
        let work = serial + self.busy.iter().map(Duration::as_secs_f64).sum::<f64>();
        let slowest_beside = self
            .stages
            .iter()
            .filter(|s| s.beside)
            .map(|s| s.time.as_secs_f64())
            .fold(0.0, f64::max);
        let s = if work > 0.0 { serial / work } else { 0.0 };
        let amdahl = |p: f64| 1.0 / (s + (1.0 - s) / p);
        let mut line = format!(
            "stats: serial fraction {:.2} % of {work:.3} s of work: Amdahl's speed-up {:.2}x on \
             2 cores, {:.1}x on 16",
            100.0 * s,
            amdahl(2.0),
            amdahl(16.0)
        );
        if slowest_beside > 0.0 {
            line.push_str(&format!(
                " (the stages beside the workers alone cap it at {:.0}x)",
                work / slowest_beside
            ));
        }
        lines.push(line);
        // The idle time measured (waiting for a stage, for work, or for a core) as a share
        // of the workers' time, taken to stay the same on more cores.
        let offered = self.busy.len() as f64 * self.wall.as_secs_f64();
        if offered > 0.0 {
            let busy: f64 = self.busy.iter().map(Duration::as_secs_f64).sum();
            let e = (busy / offered).min(1.0);
            lines.push(format!(
                "stats: workers busy {:.1} % of their time (idle {:.1} %): with that idle, \
                 {:.2}x on 2 cores, {:.1}x on 16",
                100.0 * e,
                100.0 * (1.0 - e),
                amdahl(2.0) * e,
                amdahl(16.0) * e
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_time_goes_to_its_worker_and_the_fraction_adds_up() {
        let busy = Busy::new(2, true);
        // Computing for 20 ms of CPU time is busy; sleeping 50 ms is not.
        busy.time(0, || {
            let start = thread_cpu_time().unwrap();
            let mut x = 1u64;
            while thread_cpu_time().unwrap() - start < Duration::from_millis(20) {
                x = std::hint::black_box(x.wrapping_mul(3));
            }
        });
        busy.time(7, || std::thread::sleep(Duration::from_millis(50)));
        let per = busy.per_worker();
        assert!(per[0] >= Duration::from_millis(20), "{per:?}");
        assert!(per[1] < Duration::from_millis(10), "{per:?}");
        assert!(Busy::new(2, false).per_worker().is_empty());
        let profile = Profile {
            wall: Duration::from_secs(5),
            busy: vec![Duration::from_secs(4), Duration::from_secs(4)],
            stages: vec![
                Stage::serial("write", Duration::from_secs(1)),
                Stage::beside("read", Duration::from_secs(1)),
            ],
        };
        let lines = profile.lines();
        assert_eq!(
            lines[0],
            "stats: 2 workers, busy 4.000 + 4.000 s, idle 1.000 + 1.000 s, of 5.000 s"
        );
        // 2 s of 10 s are one thread's: 1 / (0.2 + 0.8 / 16) = 4.
        assert!(lines[2].contains("serial fraction 20.00 %"), "{}", lines[2]);
        assert!(lines[2].contains("4.0x on 16"), "{}", lines[2]);
        assert!(lines[2].contains("cap it at 10x"), "{}", lines[2]);
        // 8 s busy of 10 s: 1.67x and 4x, times 0.8.
        assert_eq!(
            lines[3],
            "stats: workers busy 80.0 % of their time (idle 20.0 %): with that idle, 1.33x on \
             2 cores, 3.2x on 16"
        );
    }
}
