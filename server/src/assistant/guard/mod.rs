//! The guardrails: questions are checked (length, subject, pain) before anything answers, and a
//! model's answer is checked as it streams (its language, and each sentence against what retrieval
//! gave the model) before the asker sees it.

mod grounding;
mod guarded;
mod language;
mod lexicon;

pub(crate) use grounding::Grounding;
pub(crate) use guarded::GuardedAnswer;
pub(crate) use lexicon::{about_choosing, about_pain, on_topic};

use crate::error::{ApiError, ApiResult, ErrorCode, Text};

pub(crate) const MAX_QUESTION_CHARS: usize = 500;
pub(crate) const EMPTY_QUESTION: Text = Text::new(ErrorCode::QuestionRequired, "Please enter a question");
pub(crate) const QUESTION_TOO_LONG: Text =
    Text::new(ErrorCode::QuestionTooLong, "Questions can be at most 500 characters");

/// The question without surrounding spaces; empty or over `MAX_QUESTION_CHARS` is refused.
pub(crate) fn question(text: &str) -> ApiResult<&str> {
    let question = text.trim();
    if question.is_empty() {
        return Err(ApiError::invalid_field("question", EMPTY_QUESTION));
    }
    if question.chars().count() > MAX_QUESTION_CHARS {
        return Err(ApiError::invalid_field("question", QUESTION_TOO_LONG));
    }
    Ok(question)
}
