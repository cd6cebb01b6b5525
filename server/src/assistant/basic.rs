//! The basic response, built in and needing nothing: the best passages of what retrieval found, quoted
//! in the asker's language under their titles, or an honest "not understood" with suggestions.

use serde::Serialize;
use utoipa::ToSchema;

use super::{retrieval::corpus::Document, sentences, texts};
use crate::lang::Lang;

/// The model name the basic response reports.
pub(crate) const MODEL: &str = "basic";

/// How much of each document's best passage is quoted.
const QUOTE_CHARS: usize = 320;

/// The widget's suggested questions, offered when nothing matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Suggestion {
    Beginners,
    Difference,
    Durability,
    Sizing,
}

pub(crate) const SUGGESTIONS: [Suggestion; 4] =
    [Suggestion::Beginners, Suggestion::Difference, Suggestion::Durability, Suggestion::Sizing];

/// The answer from `passages` (each document with its passages, best first); `None` when there are none.
pub(crate) fn from_passages(lang: Lang, passages: &[(&Document, Vec<&str>)]) -> Option<String> {
    let texts = texts::of(lang);
    let quotes: Vec<String> = passages
        .iter()
        .filter_map(|(document, list)| {
            list.first().map(|passage| {
                format!("{}: {}", document.title, sentences::lead(&passage.replace('\n', " "), QUOTE_CHARS))
            })
        })
        .collect();
    (!quotes.is_empty()).then(|| format!("{}\n\n{}\n\n{}", texts.found, quotes.join("\n\n"), texts.read_more))
}

/// Nothing was found: said honestly, with what one can ask.
pub(crate) fn no_match(lang: Lang) -> String {
    let texts = texts::of(lang);
    format!("{} {}", texts.no_match, texts.no_match_hint)
}

pub(crate) fn off_topic(lang: Lang) -> String {
    let texts = texts::of(lang);
    format!("{} {}", texts.off_topic, texts.no_match_hint)
}
