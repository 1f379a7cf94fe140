//! Calls the caller may give up on: Ctrl-C in Python, an `AbortSignal` in Node.
//!
//! The library has no point inside a search where it could stop, so a call given up on is
//! not stopped: it runs to its end on a thread of its own ([`spawn`]) while the binding
//! answers the caller at once, and its result is dropped. What makes that safe is the one
//! irreversible step, the file write: a [`Cancellation`] is shared by the caller and the
//! call, the caller [`cancel`](Cancellation::cancel)s, the call
//! [`commit`](Cancellation::commit)s just before it writes, and whichever comes first wins.
//! A call cancelled before its write never writes; a cancel that comes after the commit is
//! refused (`cancel` answers `false`) and the caller waits for the write to end.

use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Neither side has moved yet.
const RUNNING: u8 = 0;
/// The caller gave up first: the call must not write.
const CANCELLED: u8 = 1;
/// The call reached its write first: the caller must wait for it.
const COMMITTED: u8 = 2;

/// The race between a caller giving up and a call writing, shared by both (clones share
/// one state).
#[derive(Debug, Clone, Default)]
pub struct Cancellation {
    state: Arc<AtomicU8>,
}

impl Cancellation {
    /// A call neither given up on nor committed.
    pub fn new() -> Cancellation {
        Cancellation::default()
    }

    /// The caller gives up. `true` when the call will write nothing (it had not committed, or
    /// had been cancelled already); `false` when it is writing or has written.
    pub fn cancel(&self) -> bool {
        match self.transition(CANCELLED) {
            Ok(()) => true,
            Err(state) => state == CANCELLED,
        }
    }

    /// The call is about to write: `true` when it may (it was not cancelled; from now on it
    /// cannot be), `false` when the caller gave up and nothing must be written.
    pub fn commit(&self) -> bool {
        match self.transition(COMMITTED) {
            Ok(()) => true,
            Err(state) => state == COMMITTED,
        }
    }

    /// Whether the caller gave up before any write.
    pub fn is_cancelled(&self) -> bool {
        self.state.load(Ordering::Acquire) == CANCELLED
    }

    /// From running to `to`, or the state that was reached first.
    fn transition(&self, to: u8) -> Result<(), u8> {
        self.state
            .compare_exchange(RUNNING, to, Ordering::AcqRel, Ordering::Acquire)
            .map(|_| ())
    }
}

/// A unit of work for a thread of editloc's.
type Task = Box<dyn FnOnce() + Send>;

/// The threads waiting for work: each one's number and inbox.
static IDLE: Mutex<Vec<(u64, Sender<Task>)>> = Mutex::new(Vec::new());

/// The number of the next thread started.
static NEXT_THREAD: AtomicU64 = AtomicU64::new(0);

/// How long a thread without work waits before it ends.
const IDLE_FOR: Duration = Duration::from_secs(20);

/// Runs `work` on a thread of editloc's own (named `editloc`), not on the caller's nor on a
/// shared pool (Node's libuv pool serves its file reads: a slow edit there delays them). A
/// thread that has finished a call waits 20 s for the next one (starting a thread
/// costs more than a small edit); when none waits, a new one starts, so a call never queues
/// behind another. An error is the operating system refusing a thread.
pub fn spawn(work: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    let mut task: Task = Box::new(work);
    forget_threads_of_another_process();
    loop {
        let idle = lock(&IDLE).pop();
        let Some((_, inbox)) = idle else {
            break;
        };
        // A thread that ended meanwhile hands the task back.
        match inbox.send(task) {
            Ok(()) => return Ok(()),
            Err(returned) => task = returned.0,
        }
    }
    let (inbox, tasks) = mpsc::channel();
    inbox.send(task).expect("the receiver is alive");
    let number = NEXT_THREAD.fetch_add(1, Ordering::Relaxed);
    std::thread::Builder::new()
        .name("editloc".to_string())
        .spawn(move || serve(number, &inbox, &tasks))
        .map(drop)
}

/// The process the idle threads belong to.
static POOL_PROCESS: AtomicU32 = AtomicU32::new(0);

/// After a `fork` (Python's `multiprocessing`), the child inherits the list of idle threads
/// but not the threads: a task sent to one would never run. The child forgets them.
fn forget_threads_of_another_process() {
    let process = std::process::id();
    if POOL_PROCESS.swap(process, Ordering::AcqRel) != process {
        lock(&IDLE).clear();
    }
}

/// A thread's life: run each task it is given, wait for the next, end after [`IDLE_FOR`]
/// without one.
fn serve(number: u64, inbox: &Sender<Task>, tasks: &Receiver<Task>) {
    loop {
        match tasks.recv_timeout(IDLE_FOR) {
            Ok(task) => {
                // A task that panics has dropped what it would have answered with: its caller
                // sees that; the thread goes on serving.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(task));
                lock(&IDLE).push((number, inbox.clone()));
            }
            Err(_) => {
                let mut idle = lock(&IDLE);
                let before = idle.len();
                idle.retain(|(other, _)| *other != number);
                if idle.len() < before {
                    return; // no one can send to it now
                }
                // Taken from the list just now: its task is on the way.
            }
        }
    }
}

/// The lock's value even if a thread panicked holding it (the list stays whole).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_of_cancel_and_commit_wins() {
        let cancelled = Cancellation::new();
        assert!(cancelled.cancel());
        assert!(!cancelled.commit());
        assert!(cancelled.cancel() && cancelled.is_cancelled());
        let committed = Cancellation::new();
        let shared = committed.clone();
        assert!(shared.commit());
        assert!(!committed.cancel());
        assert!(committed.commit() && !committed.is_cancelled());
    }

    #[test]
    fn racing_threads_agree_on_one_winner() {
        for _ in 0..200 {
            let cancellation = Cancellation::new();
            let other = cancellation.clone();
            let writer = std::thread::spawn(move || other.commit());
            let gave_up = cancellation.cancel();
            let wrote = writer.join().unwrap();
            assert_ne!(gave_up, wrote, "exactly one side wins");
        }
    }

    #[test]
    fn threads_run_tasks_at_once_and_are_reused() {
        let (done, finished) = mpsc::channel();
        // Two tasks that each wait for the other: they can only end if both run at once.
        let (first_tx, first_rx) = mpsc::channel::<()>();
        let (second_tx, second_rx) = mpsc::channel::<()>();
        let done_first = done.clone();
        spawn(move || {
            first_tx.send(()).unwrap();
            second_rx.recv().unwrap();
            done_first.send(std::thread::current().id()).unwrap();
        })
        .unwrap();
        spawn(move || {
            second_tx.send(()).unwrap();
            first_rx.recv().unwrap();
            done.send(std::thread::current().id()).unwrap();
        })
        .unwrap();
        let wait = Duration::from_secs(10);
        let threads = [
            finished.recv_timeout(wait).unwrap(),
            finished.recv_timeout(wait).unwrap(),
        ];
        assert_ne!(threads[0], threads[1]);
        // A later task runs on one of the threads now idle.
        std::thread::sleep(Duration::from_millis(50));
        let (again_tx, again) = mpsc::channel();
        spawn(move || again_tx.send(std::thread::current().id()).unwrap()).unwrap();
        assert!(threads.contains(&again.recv_timeout(wait).unwrap()));
    }
}
