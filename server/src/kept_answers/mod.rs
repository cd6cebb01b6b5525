//! Finished answers kept in memory (the public reads' JSON, the pages' HTML), with their compressed
//! copies: a size-bounded map that counts its hits, misses, the time each miss took and its evictions,
//! for the cache screen. A clear made while a miss was being answered keeps that miss's answer out.

mod prepare;

use std::{
    hash::Hash,
    sync::{
        atomic::{AtomicU64, Ordering::Relaxed},
        Arc,
    },
    time::Instant,
};

use moka::notification::RemovalCause;

pub use prepare::prepare;

use crate::{
    caches::{Counters, Figures, Monitored},
    precompressed::Precompressed,
};

/// Something the map can weigh by.
pub trait Weighed {
    fn weight(&self) -> usize;
}

impl Weighed for String {
    fn weight(&self) -> usize {
        self.len()
    }
}

pub struct KeptAnswers<K> {
    answers: moka::sync::Cache<K, Arc<Precompressed>>,
    /// Moves on each clear: a miss that began before one does not keep what it read.
    generation: AtomicU64,
    counters: Arc<Counters>,
}

/// A miss being answered: when it began, and in which generation.
pub struct Miss {
    began: Instant,
    generation: u64,
}

impl<K: Hash + Eq + Weighed + Send + Sync + 'static> KeptAnswers<K> {
    /// Answers weighing `max_bytes` at most, keys included.
    pub fn new(max_bytes: u64) -> Self {
        let counters = Arc::new(Counters::default());
        let evicted = counters.clone();
        let answers = moka::sync::Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|key: &K, answer: &Arc<Precompressed>| {
                u32::try_from(key.weight() + answer.bytes()).unwrap_or(u32::MAX)
            })
            .eviction_listener(move |_, _, cause| {
                if cause == RemovalCause::Size {
                    evicted.evicted();
                }
            })
            .build();
        Self { answers, generation: AtomicU64::new(0), counters }
    }

    /// The kept answer, counted as a hit.
    pub fn get(&self, key: &K) -> Option<Arc<Precompressed>> {
        let answer = self.answers.get(key)?;
        self.counters.hit();
        Some(answer)
    }

    /// Starts answering a miss.
    pub fn miss(&self) -> Miss {
        Miss { began: Instant::now(), generation: self.generation.load(Relaxed) }
    }

    /// The miss answered with `answer`, kept unless the cache was cleared meanwhile.
    pub fn keep(&self, miss: Miss, key: K, answer: Arc<Precompressed>) {
        if self.generation.load(Relaxed) == miss.generation {
            self.answers.insert(key, answer);
        }
        self.not_kept(miss);
    }

    /// The miss answered with something not to keep (an error, a page too large).
    pub fn not_kept(&self, miss: Miss) {
        self.counters.miss(miss.began.elapsed());
    }
}

impl<K: Hash + Eq + Weighed + Send + Sync + 'static> Monitored for KeptAnswers<K> {
    fn figures(&self) -> Figures {
        self.answers.run_pending_tasks();
        self.counters.figures(self.answers.entry_count(), self.answers.weighted_size())
    }

    fn clear(&self) {
        self.generation.fetch_add(1, Relaxed);
        self.answers.invalidate_all();
    }
}
