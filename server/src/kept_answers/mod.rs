//! Finished answers kept in memory (the public reads' JSON, the pages' HTML), with their compressed
//! copies: a size-bounded map that counts its hits, misses, the time each miss took and its evictions,
//! for the cache screen. A clear made while a miss was being answered keeps that miss's answer out. One
//! request answers a miss while the others asking for the same key wait for its answer (`lookup`).
//! An answer whose key a client can vary at will (`KeptQuery::open`) is kept only once asked for a
//! second time, so a flood of one-off keys never pushes the answers in use out (`admits`).

mod prepare;
mod query;

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{
        atomic::{AtomicU64, Ordering::Relaxed},
        Arc, Mutex,
    },
    time::Instant,
};

use moka::notification::RemovalCause;
use tokio::sync::watch;

pub(crate) use prepare::{plain, prepare};
pub(crate) use query::kept_query;

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

/// What the open keys asked for once may weigh together.
const MAX_ASKED_BYTES: u64 = 1024 * 1024;

pub struct KeptAnswers<K> {
    answers: moka::sync::Cache<K, Arc<Precompressed>>,
    /// Open keys asked for once, the oldest forgotten first.
    asked: moka::sync::Cache<K, ()>,
    /// Moves on each clear: a miss that began before one does not keep what it read.
    generation: AtomicU64,
    counters: Arc<Counters>,
    /// The keys whose miss a request is answering: the others asking wait for it (after a start or a
    /// change a crowd asks at once, and each answering would queue them all behind as many database
    /// reads or page drawings). The sender is dropped once the answer is kept or given up.
    answering: Flights<K>,
}

type Flights<K> = Arc<Mutex<HashMap<K, watch::Sender<()>>>>;

/// A miss being answered: when it began, in which generation, and the key others wait on.
pub struct Miss<K: Hash + Eq> {
    began: Instant,
    generation: u64,
    _answering: Option<Answering<K>>,
}

/// The key a request is answering; dropped (kept, given up, or the request gone), it lets the waiting
/// requests go on.
struct Answering<K: Hash + Eq> {
    flights: Flights<K>,
    key: K,
}

impl<K: Hash + Eq> Drop for Answering<K> {
    fn drop(&mut self) {
        self.flights.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&self.key);
    }
}

impl<K: Hash + Eq + Clone + Weighed + Send + Sync + 'static> KeptAnswers<K> {
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
        let asked = moka::sync::Cache::builder()
            .max_capacity(MAX_ASKED_BYTES)
            .weigher(|key: &K, _: &()| u32::try_from(key.weight()).unwrap_or(u32::MAX))
            .build();
        Self { answers, asked, generation: AtomicU64::new(0), counters, answering: Arc::default() }
    }

    /// Whether the answer for `key` is to be kept: always, unless its key is open and this is the
    /// first time it is asked for (then it is remembered, and kept when asked for again).
    pub fn admits(&self, key: &K, open: bool) -> bool {
        if !open || self.asked.contains_key(key) {
            return true;
        }
        self.asked.insert(key.clone(), ());
        false
    }

    /// The kept answer, counted as a hit.
    fn get(&self, key: &K) -> Option<Arc<Precompressed>> {
        let answer = self.answers.get(key)?;
        self.counters.hit();
        Some(answer)
    }

    /// The kept answer for `key`; when there is none, the miss to answer, unless another request is
    /// answering it: then its answer once kept. An answer not kept (an error, a page left for the app
    /// to draw) lets every waiting request answer its own miss at once, rather than one after another.
    pub async fn lookup(&self, key: &K) -> Result<Arc<Precompressed>, Miss<K>> {
        if let Some(answer) = self.get(key) {
            return Ok(answer);
        }
        let waiting = {
            let mut flights = self.answering.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            match flights.get(key) {
                Some(answering) => Some(answering.subscribe()),
                None => {
                    flights.insert(key.clone(), watch::Sender::new(()));
                    None
                }
            }
        };
        let Some(mut answered) = waiting else {
            let answering = Answering { flights: self.answering.clone(), key: key.clone() };
            return Err(self.miss(Some(answering)));
        };
        // Nothing is sent: the wait ends when the answering request drops its sender.
        let _ = answered.changed().await;
        self.get(key).ok_or_else(|| self.miss(None))
    }

    fn miss(&self, answering: Option<Answering<K>>) -> Miss<K> {
        Miss { began: Instant::now(), generation: self.generation.load(Relaxed), _answering: answering }
    }

    /// The miss answered with `answer`, kept unless the cache was cleared meanwhile.
    pub fn keep(&self, miss: Miss<K>, key: K, answer: Arc<Precompressed>) {
        if self.generation.load(Relaxed) == miss.generation {
            self.answers.insert(key, answer);
        }
        self.not_kept(miss);
    }

    /// The miss answered with something not to keep (an error, a page too large).
    pub fn not_kept(&self, miss: Miss<K>) {
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

#[cfg(test)]
mod tests {
    use axum::{body::Bytes, http::HeaderValue};

    use super::*;

    fn answer(text: &'static str) -> Arc<Precompressed> {
        Arc::new(plain(HeaderValue::from_static("text/plain"), Bytes::from_static(text.as_bytes())))
    }

    #[test]
    fn an_open_key_is_admitted_once_asked_for_again() {
        let kept = KeptAnswers::<String>::new(1 << 20);
        assert!(kept.admits(&"/api/brands?lang=en".to_owned(), false));
        let open = "/finder?boxShape=square".to_owned();
        assert!(!kept.admits(&open, true), "asked for once");
        assert!(kept.admits(&open, true), "asked for again");
    }

    #[tokio::test]
    async fn one_request_answers_a_miss_while_the_others_wait_for_its_answer() {
        let kept = Arc::new(KeptAnswers::<String>::new(1 << 20));
        let key = "/api/brands".to_owned();
        let Err(miss) = kept.lookup(&key).await else { panic!("nothing is kept yet") };
        let waiting: Vec<_> = (0..8)
            .map(|_| {
                let (kept, key) = (kept.clone(), key.clone());
                tokio::spawn(async move { kept.lookup(&key).await.is_ok() })
            })
            .collect();
        let waiters = || kept.answering.lock().unwrap()[&key].receiver_count();
        for _ in 0..100 {
            if waiters() == 8 {
                break;
            }
            tokio::task::yield_now().await;
        }
        assert_eq!(waiters(), 8, "the others wait");
        kept.keep(miss, key.clone(), answer("brands"));
        for task in waiting {
            assert!(task.await.unwrap(), "each gets the kept answer");
        }
        assert_eq!(kept.figures().misses, 1);
    }

    #[tokio::test]
    async fn an_answer_not_kept_lets_every_waiting_request_answer_its_own_miss_at_once() {
        let kept = Arc::new(KeptAnswers::<String>::new(1 << 20));
        let key = "/?lang=en".to_owned();
        let Err(miss) = kept.lookup(&key).await else { panic!("nothing is kept yet") };
        let waiting: Vec<_> = (0..4)
            .map(|_| {
                let (kept, key) = (kept.clone(), key.clone());
                tokio::spawn(
                    async move { kept.lookup(&key).await.map(|_| ()).map_err(|miss| miss._answering.is_none()) },
                )
            })
            .collect();
        while kept.answering.lock().unwrap()[&key].receiver_count() < 4 {
            tokio::task::yield_now().await;
        }
        kept.not_kept(miss);
        for task in waiting {
            assert_eq!(task.await.unwrap(), Err(true), "a miss of its own, which no one waits on");
        }
        assert!(kept.answering.lock().unwrap().is_empty());
    }
}
