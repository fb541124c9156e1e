//! `Lazy`: an `Engine` started on first use (or ahead of it on another thread), shared by every
//! reader of the same character set alive in the process. Loading the English data is most of an
//! engine's cost, and a game's dialog, status and menu readers all read with `Charset::Any`: they
//! now load it once. A read takes an idle engine and gives it back after, so readers on two
//! threads at once each get one (a second is loaded only then) instead of waiting for each other.
//! The engines end with the last reader holding them, before the process exits (Tesseract prints
//! "WARNING! LEAK!" lines at exit for an instance still alive).

use super::{Charset, Engine};
use crate::vision::error::VisionError;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, Weak};
use std::thread::JoinHandle;

/// A handle on the process's engines for one character set.
pub struct Lazy {
    pool: Arc<Pool>,
}

/// The engines of one character set: idle ones, one loading, or why none could start (kept so a
/// host without Tesseract pays for the attempt once).
struct Pool {
    charset: Charset,
    state: Mutex<State>,
    failed: OnceLock<String>,
}

#[derive(Default)]
struct State {
    idle: Vec<Engine>,
    loading: Option<JoinHandle<Result<Engine, VisionError>>>,
}

/// The pools some reader still holds, one per character set.
static POOLS: Mutex<Vec<Weak<Pool>>> = Mutex::new(Vec::new());

/// A lock whose holder panicked still guards consistent data: engines and handles only move.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Lazy {
    /// The engines for `charset`, shared with every other live `Lazy` of it.
    pub fn new(charset: Charset) -> Lazy {
        let mut pools = lock(&POOLS);
        pools.retain(|p| p.strong_count() > 0);
        let live = pools.iter().filter_map(Weak::upgrade);
        if let Some(pool) = live.into_iter().find(|p| p.charset == charset) {
            return Lazy { pool };
        }
        let pool = Arc::new(Pool::new(charset));
        pools.push(Arc::downgrade(&pool));
        Lazy { pool }
    }

    /// Starts loading on another thread, for a caller that will almost surely read text soon;
    /// nothing when an engine is idle or loading already.
    pub fn warm_up(&mut self) {
        let mut state = lock(&self.pool.state);
        if state.idle.is_empty() && state.loading.is_none() && self.pool.failed.get().is_none() {
            let charset = self.pool.charset;
            state.loading = std::thread::Builder::new()
                .name("tesseract-load".into())
                .spawn(move || Engine::english(charset))
                .ok();
        }
    }

    /// An engine for one read, started now if none is idle or loading; `None` when Tesseract
    /// cannot start (see `failure`). Dropping it gives it back.
    pub fn get(&mut self) -> Option<Borrowed<'_>> {
        if self.pool.failed.get().is_some() {
            return None;
        }
        let started = self.pool.take();
        match started {
            Ok(engine) => Some(Borrowed {
                engine: Some(engine),
                pool: &self.pool,
            }),
            Err(e) => {
                self.pool.failed.get_or_init(|| bare(e));
                None
            }
        }
    }

    /// Why Tesseract could not start, once a `get` failed.
    pub fn failure(&self) -> Option<&str> {
        self.pool.failed.get().map(String::as_str)
    }
}

/// The bare reason: the read wraps it in its own `VisionError::Ocr` again.
fn bare(e: VisionError) -> String {
    match e {
        VisionError::Ocr(reason) => reason,
        e => e.to_string(),
    }
}

impl Pool {
    fn new(charset: Charset) -> Pool {
        Pool {
            charset,
            state: Mutex::new(State::default()),
            failed: OnceLock::new(),
        }
    }

    /// An idle engine, else the one loading, else a new one (loaded on this thread).
    fn take(&self) -> Result<Engine, VisionError> {
        let loading = {
            let mut state = lock(&self.state);
            if let Some(engine) = state.idle.pop() {
                return Ok(engine);
            }
            state.loading.take()
        };
        match loading {
            Some(loading) => loading
                .join()
                .unwrap_or_else(|_| Err(VisionError::Ocr("Tesseract's loader panicked".into()))),
            None => Engine::english(self.charset),
        }
    }
}

impl Drop for Pool {
    /// Waits for a background load still running, so its Tesseract is ended before the process
    /// exits (otherwise Tesseract's cache prints "WARNING! LEAK!" lines after our error message).
    fn drop(&mut self) {
        let loading = lock(&self.state).loading.take();
        if let Some(loading) = loading {
            drop(loading.join());
        }
    }
}

/// An engine taken for one read; back in its pool when dropped.
pub struct Borrowed<'a> {
    engine: Option<Engine>,
    pool: &'a Pool,
}

impl Deref for Borrowed<'_> {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        self.engine.as_ref().expect("an engine until dropped")
    }
}

impl DerefMut for Borrowed<'_> {
    fn deref_mut(&mut self) -> &mut Engine {
        self.engine.as_mut().expect("an engine until dropped")
    }
}

impl Drop for Borrowed<'_> {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            lock(&self.pool.state).idle.push(engine);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pool of its own, so the failure planted here reaches no other test's readers.
    fn alone(charset: Charset) -> Lazy {
        Lazy {
            pool: Arc::new(Pool::new(charset)),
        }
    }

    #[test]
    fn a_failed_start_keeps_the_bare_reason_for_the_read_to_wrap() {
        let mut lazy = alone(Charset::Digits);
        lock(&lazy.pool.state).loading = Some(std::thread::spawn(|| {
            Err(VisionError::Ocr("libtesseract could not be opened".into()))
        }));
        assert!(lazy.get().is_none());
        let wrapped = VisionError::Ocr(lazy.failure().expect("failed").to_owned());
        assert_eq!(wrapped.to_string(), "OCR: libtesseract could not be opened");
    }

    #[test]
    fn readers_of_one_charset_alive_at_once_share_their_pool_and_others_do_not() {
        let words = Lazy::new(Charset::Any);
        let status = Lazy::new(Charset::Any);
        let digits = Lazy::new(Charset::Numbers);
        assert!(Arc::ptr_eq(&words.pool, &status.pool));
        assert!(!Arc::ptr_eq(&words.pool, &digits.pool));
    }

    #[test]
    fn a_second_warm_up_while_one_loads_starts_no_second_load() {
        let mut first = alone(Charset::Any);
        lock(&first.pool.state).loading = Some(std::thread::spawn(|| {
            Err(VisionError::Ocr("still loading".into()))
        }));
        let mut second = Lazy {
            pool: first.pool.clone(),
        };
        second.warm_up();
        assert!(first.get().is_none());
        assert_eq!(second.failure(), Some("still loading"));
    }
}
