//! A [`Crew`]: helper threads, started once, that run the parts of a call
//! beside the calling thread. Made for short calls repeated back to back
//! (a vector environment's step, tens of microseconds to a few
//! milliseconds): a helper done with a call spins for a bounded while
//! ([`Crew::new`]'s `patience`; spinning, then yielding the core)
//! watching for the next one, so a tight loop of
//! calls finds it awake, then parks (no busy core once the calls stop).
//! The calling thread takes parts too, and every part goes to whoever
//! claims it first: a call never waits for a helper to wake up, only for
//! a part a helper has already begun.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, TryLockError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long a parked helper or a waiting caller sleeps before looking
/// again by itself (a safety net: every wake-up is also signalled).
const NAP: Duration = Duration::from_millis(50);

/// Helper threads running the parts of one call at a time beside the
/// calling thread (see the module's documentation).
pub struct Crew {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    /// Held by the call using the helpers; a call finding it held (another
    /// thread's call, or a part calling [`Crew::run`] again) runs its parts
    /// alone.
    in_use: Mutex<()>,
    /// The process that started the helpers: a child made by `fork` has
    /// none of them (only the forking thread lives on), and a helper's
    /// count in `busy` copied mid-call would never come down, so a call
    /// in another process runs its parts alone.
    owner: u32,
}

/// One call: its parts and who has claimed which.
struct Call<'a> {
    /// Runs part `k`.
    part: &'a (dyn Fn(usize) + Sync + 'a),
    /// The number of parts.
    parts: usize,
    /// The next part not yet claimed.
    next: AtomicUsize,
    /// The first panic of a part, raised again on the calling thread.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

impl Call<'_> {
    /// Claims parts and runs them until none is left.
    fn run_parts(&self) {
        loop {
            let k = self.next.fetch_add(1, SeqCst);
            if k >= self.parts {
                return;
            }
            if let Err(payload) = catch_unwind(AssertUnwindSafe(|| (self.part)(k))) {
                lock(&self.panic).get_or_insert(payload);
            }
        }
    }
}

/// What the calling thread and the helpers share.
struct Shared {
    /// The call in progress (null between calls), lifetime erased: valid
    /// while the helper reading it is counted in `busy` (see [`Crew::run`]).
    call: AtomicPtr<Call<'static>>,
    /// Bumped by every call: a helper seeing it change looks for work.
    epoch: AtomicU64,
    /// Helpers between reading `call` and being done with it.
    busy: AtomicUsize,
    /// Helpers parked, or about to park.
    parked: AtomicUsize,
    /// The calling thread sleeps until `busy` is 0.
    caller_waits: AtomicBool,
    /// The helpers stop.
    shutdown: AtomicBool,
    /// How long a helper or the caller waits awake (spinning, then
    /// yielding) before it sleeps.
    patience: Duration,
    /// Guards the sleeps of `wake` and `done`.
    sleep: Mutex<()>,
    /// Wakes parked helpers (a new call, or the shutdown).
    wake: Condvar,
    /// Wakes the caller (`busy` reached 0).
    done: Condvar,
}

/// Locks `mutex`, whatever a panic left in it (the data is a unit or a
/// panic's payload).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How long a wait spins before it yields between its looks: a helper
/// spinning this long catches the next call of a tight loop (the Python
/// code between two steps takes a few microseconds); yielding after that
/// leaves the core to whatever else runs on a busy machine.
const SPIN_ONLY: Duration = Duration::from_micros(20);

/// Waits until `ready` holds (true) or `patience` has passed (false):
/// spinning for [`SPIN_ONLY`], then yielding the core between looks.
fn spin_until(patience: Duration, ready: impl Fn() -> bool) -> bool {
    let began = Instant::now();
    loop {
        for _ in 0..64 {
            if ready() {
                return true;
            }
            std::hint::spin_loop();
        }
        let waited = began.elapsed();
        if waited >= patience {
            return ready();
        }
        if waited >= SPIN_ONLY {
            thread::yield_now();
        }
    }
}

impl Shared {
    /// A helper's life: wait for a call, take parts of it, again. (The
    /// epoch it starts from is the crew's first, 0: a call may come before
    /// the thread runs.)
    fn helper(&self) {
        let mut seen = 0;
        loop {
            let news = || self.epoch.load(SeqCst) != seen || self.shutdown.load(SeqCst);
            if !spin_until(self.patience, news) {
                let mut guard = lock(&self.sleep);
                self.parked.fetch_add(1, SeqCst);
                while !news() {
                    guard = self
                        .wake
                        .wait_timeout(guard, NAP)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
                self.parked.fetch_sub(1, SeqCst);
            }
            if self.shutdown.load(SeqCst) {
                return;
            }
            seen = self.epoch.load(SeqCst);
            self.busy.fetch_add(1, SeqCst);
            let call = self.call.load(SeqCst);
            if !call.is_null() {
                // SAFETY: `call` points to the `Call` on the stack of a
                // thread inside `Crew::run`, which does not return (nor
                // unwind: its `Finish` guard) before it has reset `call`
                // to null and then seen `busy` at 0. Our increment of
                // `busy` precedes our load of `call` (both SeqCst), and
                // the load read the pointer before the reset, so the
                // caller's later load of `busy` sees us: the `Call` lives
                // until our decrement below.
                #[allow(unsafe_code)]
                let call = unsafe { &*call };
                call.run_parts();
            }
            if self.busy.fetch_sub(1, SeqCst) == 1 && self.caller_waits.load(SeqCst) {
                let _guard = lock(&self.sleep);
                self.done.notify_all();
            }
        }
    }

    /// Ends a call: no helper may begin it any more, and those that did
    /// have finished.
    fn finish(&self) {
        self.call.store(ptr::null_mut(), SeqCst);
        if spin_until(self.patience, || self.busy.load(SeqCst) == 0) {
            return;
        }
        let mut guard = lock(&self.sleep);
        self.caller_waits.store(true, SeqCst);
        while self.busy.load(SeqCst) != 0 {
            guard = self
                .done
                .wait_timeout(guard, NAP)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        self.caller_waits.store(false, SeqCst);
    }
}

/// Ends the call when dropped (even by a panic): see [`Shared::finish`].
struct Finish<'a>(&'a Shared);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

impl Crew {
    /// Starts `helpers` helper threads (fewer if the system refuses some:
    /// [`Crew::helpers`] tells) that wait awake for `patience` after each
    /// call (spinning, then yielding) before they park.
    pub fn new(helpers: usize, patience: Duration) -> Crew {
        let shared = Arc::new(Shared {
            call: AtomicPtr::new(ptr::null_mut()),
            epoch: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
            parked: AtomicUsize::new(0),
            caller_waits: AtomicBool::new(false),
            shutdown: AtomicBool::new(false),
            patience,
            sleep: Mutex::new(()),
            wake: Condvar::new(),
            done: Condvar::new(),
        });
        let threads = (0..helpers)
            .map_while(|i| {
                let shared = Arc::clone(&shared);
                thread::Builder::new()
                    .name(format!("gamesolver-crew-{i}"))
                    .spawn(move || shared.helper())
                    .ok()
            })
            .collect();
        Crew {
            shared,
            threads,
            in_use: Mutex::new(()),
            owner: std::process::id(),
        }
    }

    /// The number of helper threads (the calling thread is one more).
    pub fn helpers(&self) -> usize {
        self.threads.len()
    }

    /// Runs `part(k)` once for every `k` below `parts`, on the calling
    /// thread and the helpers, and returns when every part has returned
    /// (raising again the first panic of a part). Alone on the calling
    /// thread, in order, when there is one part, no helper, or the helpers
    /// serve another call, or in a process forked from the one that
    /// started them.
    pub fn run(&self, parts: usize, part: &(dyn Fn(usize) + Sync)) {
        let alone = || (0..parts).for_each(part);
        if parts <= 1 || self.threads.is_empty() || std::process::id() != self.owner {
            return alone();
        }
        let _in_use = match self.in_use.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => return alone(),
        };
        let call = Call {
            part,
            parts,
            next: AtomicUsize::new(0),
            panic: Mutex::new(None),
        };
        let shared = &*self.shared;
        {
            let _finish = Finish(shared);
            let erased: *const Call<'_> = &call;
            shared.call.store(erased as *mut Call<'static>, SeqCst);
            shared.epoch.fetch_add(1, SeqCst);
            if shared.parked.load(SeqCst) > 0 {
                let _guard = lock(&shared.sleep);
                shared.wake.notify_all();
            }
            call.run_parts();
        }
        if let Some(payload) = lock(&call.panic).take() {
            resume_unwind(payload);
        }
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        self.shared.shutdown.store(true, SeqCst);
        {
            let _guard = lock(&self.shared.sleep);
            self.shared.wake.notify_all();
        }
        for thread in self.threads.drain(..) {
            // A helper's panic was caught and raised on its caller.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `parts` parts on `crew`, each adding its index + 1 to its cell.
    fn tally(crew: &Crew, parts: usize) -> Vec<usize> {
        let cells: Vec<AtomicUsize> = (0..parts).map(|_| AtomicUsize::new(0)).collect();
        crew.run(parts, &|k| {
            cells[k].fetch_add(k + 1, SeqCst);
        });
        cells.into_iter().map(AtomicUsize::into_inner).collect()
    }

    #[test]
    fn every_part_runs_exactly_once() {
        for helpers in [0, 1, 3] {
            let crew = Crew::new(helpers, Duration::from_micros(200));
            assert_eq!(crew.helpers(), helpers);
            for round in 0..300 {
                let parts = round % 9;
                let expected: Vec<usize> = (1..=parts).collect();
                assert_eq!(
                    tally(&crew, parts),
                    expected,
                    "{helpers} helpers, round {round}"
                );
            }
        }
    }

    #[test]
    fn a_crew_of_another_process_runs_its_parts_alone() {
        // As in a child made by `fork`: the helpers belong to the parent.
        let mut crew = Crew::new(1, Duration::from_micros(200));
        crew.owner = crew.owner.wrapping_add(1);
        let caller = thread::current().id();
        let ran_on: Mutex<Vec<thread::ThreadId>> = Mutex::new(Vec::new());
        // Each part long enough that an awake helper would claim one.
        crew.run(6, &|_| {
            thread::sleep(Duration::from_millis(2));
            lock(&ran_on).push(thread::current().id());
        });
        let ran_on = ran_on.into_inner().unwrap();
        assert_eq!(ran_on.len(), 6);
        assert!(ran_on.iter().all(|id| *id == caller), "{ran_on:?}");
    }

    #[test]
    fn parked_helpers_wake_for_the_next_call() {
        // No spin: the helper parks after every call and must be woken.
        let crew = Crew::new(1, Duration::ZERO);
        for _ in 0..50 {
            assert_eq!(tally(&crew, 4), vec![1, 2, 3, 4]);
            thread::sleep(Duration::from_micros(300));
        }
    }

    #[test]
    fn a_helper_takes_parts_while_the_caller_is_busy() {
        // Part 0 (the caller's first claim) waits until another part has
        // run: only a helper can run it, so the test hangs without one.
        let crew = Crew::new(1, Duration::from_millis(5));
        let other_ran = AtomicBool::new(false);
        crew.run(2, &|k| {
            if k == 1 {
                other_ran.store(true, SeqCst);
            } else {
                while !other_ran.load(SeqCst) {
                    thread::yield_now();
                }
            }
        });
        assert!(other_ran.load(SeqCst));
    }

    #[test]
    fn a_nested_call_runs_alone() {
        let crew = Crew::new(2, Duration::from_micros(100));
        let inner = AtomicUsize::new(0);
        crew.run(3, &|_| {
            crew.run(4, &|_| {
                inner.fetch_add(1, SeqCst);
            });
        });
        assert_eq!(inner.into_inner(), 12);
    }

    #[test]
    fn concurrent_callers_share_the_crew() {
        let crew = Crew::new(2, Duration::from_micros(100));
        thread::scope(|scope| {
            for _ in 0..3 {
                scope.spawn(|| {
                    for _ in 0..200 {
                        assert_eq!(tally(&crew, 5), vec![1, 2, 3, 4, 5]);
                    }
                });
            }
        });
    }

    #[test]
    fn a_part_panic_reaches_the_caller_after_every_part_ran() {
        let crew = Crew::new(2, Duration::from_micros(100));
        for _ in 0..20 {
            let ran = AtomicUsize::new(0);
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                crew.run(6, &|k| {
                    ran.fetch_add(1, SeqCst);
                    assert!(k != 4, "part four fails");
                });
            }));
            let payload = outcome.expect_err("the panic is raised again");
            assert_eq!(payload.downcast_ref::<&str>(), Some(&"part four fails"));
            assert_eq!(ran.into_inner(), 6);
        }
        // The crew still works.
        assert_eq!(tally(&crew, 3), vec![1, 2, 3]);
    }
}
