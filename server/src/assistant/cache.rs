//! Answers to questions asked before, kept 10 minutes in this instance: the same question (in any
//! case or spacing), call, language and kind of asker gets the same answer without asking a model again.
//! Emptied when the content changes; only answers no provider failed on or was passed over for are kept.

use std::{sync::Arc, time::Duration};

use moka::{notification::RemovalCause, sync::Cache};

use super::model::{Answer, Outcome, Question};
use crate::caches::{Counters, Figures, Monitored};

const KEEP: Duration = Duration::from_secs(10 * 60);
/// What the kept answers may weigh together (their texts and sources).
const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// Each answer with what became of its question, for the records of the questions it answers again.
pub(crate) struct AnswerCache {
    answers: Cache<String, (Answer, Outcome)>,
    counters: Arc<Counters>,
}

impl Default for AnswerCache {
    fn default() -> Self {
        let counters = Arc::new(Counters::default());
        let evicted = counters.clone();
        let answers = Cache::builder()
            .max_capacity(MAX_BYTES)
            .weigher(|key: &String, (answer, _): &(Answer, Outcome)| {
                u32::try_from(key.len() + weight(answer)).unwrap_or(u32::MAX)
            })
            .time_to_live(KEEP)
            .eviction_listener(move |_, _, cause| {
                if cause == RemovalCause::Size {
                    evicted.evicted();
                }
            })
            .build();
        Self { answers, counters }
    }
}

/// About what an answer takes in memory: its texts.
fn weight(answer: &Answer) -> usize {
    let sources: usize = answer.sources.iter().map(|s| s.id.len() + s.title.len() + s.link.len()).sum();
    answer.answer.len() + answer.model.len() + answer.id.len() + sources
}

impl AnswerCache {
    /// The answer kept for `key`, counted as a hit.
    pub(crate) fn get(&self, key: &str) -> Option<(Answer, Outcome)> {
        let found = self.answers.get(key);
        if found.is_some() {
            self.counters.hit();
        }
        found
    }

    /// A question that was not kept, answered in `took`.
    pub(crate) fn missed(&self, took: Duration) {
        self.counters.miss(took);
    }

    pub(crate) fn put(&self, key: String, answer: Answer, outcome: Outcome) {
        self.answers.insert(key, (answer, outcome));
    }
}

impl Monitored for AnswerCache {
    fn figures(&self) -> Figures {
        self.answers.run_pending_tasks();
        self.counters.figures(self.answers.entry_count(), self.answers.weighted_size())
    }

    fn clear(&self) {
        self.answers.invalidate_all();
    }
}

/// What makes two questions the same: the call, language, kind of asker, whether sources are wanted,
/// and the words in lower case.
pub(crate) fn key(question: &Question) -> String {
    let words: Vec<String> = question.text.split_whitespace().map(str::to_lowercase).collect();
    let text = words.join(" ");
    let text = text.trim_end_matches(['?', '!', '.', '؟', ' ']);
    format!(
        "{}|{}|{}|{}|{text}",
        question.route.code(),
        question.lang.code(),
        question.signed_in,
        question.include_sources
    )
}
