//! Time as the server sees it: milliseconds since the Unix epoch (the one time format stored in the
//! database), read through a `Clock` so tests can move time by hand instead of sleeping.

use std::{
    sync::atomic::{AtomicI64, Ordering},
    time::{SystemTime, UNIX_EPOCH},
};

pub const DAY_MS: i64 = 24 * 60 * 60_000;

pub(crate) fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;
}

pub(crate) struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        now_ms()
    }
}

/// A clock that stands still until told to move (for tests of expiry and rate limits).
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn starting_now() -> Self {
        Self(AtomicI64::new(now_ms()))
    }

    pub fn advance_secs(&self, seconds: i64) {
        self.advance_ms(seconds * 1000);
    }

    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
