//! Answers to questions asked before, kept 10 minutes in this instance: the same question (in any
//! case or spacing), call, language and kind of asker gets the same answer without asking a model again.
//! Emptied when the content changes; only answers no provider failed on or was passed over for are kept.

use std::time::Duration;

use moka::sync::Cache;

use super::model::{Answer, Outcome, Question};

const KEEP: Duration = Duration::from_secs(10 * 60);
const CAPACITY: u64 = 2_000;

/// Each answer with what became of its question, for the records of the questions it answers again.
pub struct AnswerCache(Cache<String, (Answer, Outcome)>);

impl Default for AnswerCache {
    fn default() -> Self {
        Self(Cache::builder().max_capacity(CAPACITY).time_to_live(KEEP).build())
    }
}

impl AnswerCache {
    pub fn get(&self, key: &str) -> Option<(Answer, Outcome)> {
        self.0.get(key)
    }

    pub fn put(&self, key: String, answer: Answer, outcome: Outcome) {
        self.0.insert(key, (answer, outcome));
    }

    pub fn clear(&self) {
        self.0.invalidate_all();
    }
}

/// What makes two questions the same: the call, language, kind of asker, whether sources are wanted,
/// and the words in lower case.
pub fn key(question: &Question) -> String {
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
