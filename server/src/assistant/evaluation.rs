//! The retrieval evaluation: questions written in each language with the documents that answer them
//! (`server/tests/data/assistant_eval.json`); recall@3 is the share of questions with at least one of
//! their documents among the first three results.

use serde::Deserialize;

use super::retrieval::Retrieval;
use crate::lang::Lang;

pub(crate) const TOP: usize = 3;

#[derive(Deserialize)]
pub struct EvaluationSet {
    pub questions: Vec<Question>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub lang: Lang,
    pub question: String,
    pub relevant: Vec<String>,
    #[serde(default)]
    pub signed_in: bool,
}

/// One language's result.
#[derive(Debug)]
pub struct Recall {
    pub lang: Lang,
    pub hits: usize,
    pub questions: usize,
    /// The questions none of whose documents came in the top three, with what came instead.
    pub misses: Vec<(String, Vec<String>)>,
}

impl Recall {
    pub fn share(&self) -> f64 {
        self.hits as f64 / self.questions.max(1) as f64
    }
}

pub fn evaluate(retrieval: &Retrieval, set: &EvaluationSet) -> anyhow::Result<Vec<Recall>> {
    let mut results = Vec::new();
    for lang in Lang::ALL {
        let mut recall = Recall { lang, hits: 0, questions: 0, misses: Vec::new() };
        for question in set.questions.iter().filter(|question| question.lang == lang) {
            let found: Vec<String> = retrieval
                .search(lang, &question.question, question.signed_in, TOP)?
                .into_iter()
                .map(|hit| hit.document.id)
                .collect();
            recall.questions += 1;
            if question.relevant.iter().any(|id| found.contains(id)) {
                recall.hits += 1;
            } else {
                recall.misses.push((question.question.clone(), found));
            }
        }
        results.push(recall);
    }
    Ok(results)
}
