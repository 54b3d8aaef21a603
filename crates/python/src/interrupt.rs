//! Long calls without the GIL that still honour Ctrl-C.
//!
//! The work runs on a scoped thread while the calling thread waits with the
//! GIL released. Every [`POLL`] the caller takes the GIL back to run the
//! Python signal handlers (`Python::check_signals`) and to hand the work's
//! progress messages to Python. On a signal (KeyboardInterrupt) or an
//! exception from a progress callback the work is told to stop (its
//! [`Reporter::cancelled`] turns true and `on_stop` runs, e.g. to raise an
//! engine's stop flag); the caller waits for it to end and raises the error.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting caller looks at signals and progress.
pub const POLL: Duration = Duration::from_millis(20);

/// What the work has sent and not yet been taken.
struct Mailbox<P, T> {
    progress: Vec<P>,
    result: Option<std::thread::Result<T>>,
}

/// The work's side of the exchange: progress messages out, cancellation in.
pub struct Reporter<P, T> {
    mailbox: Mutex<Mailbox<P, T>>,
    wake: Condvar,
    cancel: AtomicBool,
}

impl<P, T> Reporter<P, T> {
    fn new() -> Self {
        Reporter {
            mailbox: Mutex::new(Mailbox {
                progress: Vec::new(),
                result: None,
            }),
            wake: Condvar::new(),
            cancel: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Mailbox<P, T>> {
        self.mailbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends a progress message to the caller (delivered with the GIL).
    pub fn report(&self, message: P) {
        self.lock().progress.push(message);
        self.wake.notify_one();
    }

    /// Whether the caller asked the work to stop (Ctrl-C or a failed
    /// progress callback); the work should then return soon.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn finish(&self, result: std::thread::Result<T>) {
        self.lock().result = Some(result);
        self.wake.notify_one();
    }

    /// Waits up to [`POLL`] for news; returns the progress messages and, when
    /// the work is over, its result.
    fn wait(&self) -> (Vec<P>, Option<std::thread::Result<T>>) {
        let mut mailbox = self.lock();
        if mailbox.progress.is_empty() && mailbox.result.is_none() {
            mailbox = self
                .wake
                .wait_timeout(mailbox, POLL)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        (std::mem::take(&mut mailbox.progress), mailbox.result.take())
    }
}

/// Runs `work` on its own thread with the GIL released, delivering its
/// progress messages to `on_progress` (with the GIL) and stopping it on
/// Ctrl-C. `on_stop` is called once when the work is asked to stop, for
/// work that has a stop mechanism of its own. A panic of the work (a bug)
/// becomes a Python `RuntimeError` instead of ending the interpreter.
pub fn run_interruptible<P, T>(
    py: Python<'_>,
    work: impl FnOnce(&Reporter<P, T>) -> T + Send,
    mut on_progress: impl FnMut(Python<'_>, P) -> PyResult<()>,
    on_stop: impl Fn(),
) -> PyResult<T>
where
    P: Send,
    T: Send,
{
    let reporter = Reporter::new();
    std::thread::scope(|scope| {
        let reporter = &reporter;
        scope.spawn(move || reporter.finish(catch_unwind(AssertUnwindSafe(|| work(reporter)))));
        let mut failure: Option<PyErr> = None;
        loop {
            let (messages, result) = py.detach(|| reporter.wait());
            for message in messages {
                if failure.is_none()
                    && let Err(error) = on_progress(py, message)
                {
                    failure = Some(error);
                }
            }
            if let Some(result) = result {
                return match (failure, result) {
                    (Some(error), _) => Err(error),
                    (None, Ok(value)) => Ok(value),
                    (None, Err(panic)) => Err(panic_error(panic.as_ref())),
                };
            }
            if failure.is_none()
                && let Err(error) = py.check_signals()
            {
                failure = Some(error);
            }
            if failure.is_some() && !reporter.cancelled() {
                reporter.cancel.store(true, Ordering::Relaxed);
                on_stop();
            }
        }
    })
}

/// [`run_interruptible`] for work without progress messages or a stop
/// mechanism of its own (it looks at [`Reporter::cancelled`]).
pub fn run_cancellable<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Reporter<(), T>) -> T + Send,
) -> PyResult<T> {
    run_interruptible(py, work, |_, ()| Ok(()), || {})
}

/// The `RuntimeError` for a panic of the work, with the panic's message.
fn panic_error(payload: &(dyn std::any::Any + Send)) -> PyErr {
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("no message");
    PyRuntimeError::new_err(format!(
        "internal error in gamesolver (please report it): {message}"
    ))
}
