//! What a question and its answer are, shared by the pipeline (`answer`), the cache, the prompt, the
//! stream and the request records.

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    basic::Suggestion,
    providers::{Finished, ProviderKind},
    retrieval::corpus::Kind,
};
use crate::{fitting::profile::FitProfile, lang::Lang};

/// The three ask calls (docs/assistant.md), and the admin's test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Passages and the model's own knowledge.
    Hybrid,
    /// Passages only.
    Rag,
    /// No retrieval.
    Ask,
}

impl Route {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Hybrid => "hybrid",
            Self::Rag => "rag",
            Self::Ask => "ask",
        }
    }

    /// The route of a recorded request (the admin's tests ran as hybrid).
    pub(crate) fn from_code(code: &str) -> Self {
        match code {
            "rag" => Self::Rag,
            "ask" => Self::Ask,
            _ => Self::Hybrid,
        }
    }

    pub(crate) fn rag_type(self) -> &'static str {
        match self {
            Self::Hybrid => "hybrid",
            Self::Rag => "strict",
            Self::Ask => "none",
        }
    }
}

pub(crate) struct Question {
    pub route: Route,
    pub text: String,
    pub lang: Lang,
    /// Signed-in askers also get the members' tips.
    pub signed_in: bool,
    pub include_sources: bool,
    /// The asker's fit profile, when she lets the assistant read it (fitted.rs): her answer is then hers
    /// alone, and never kept.
    pub profile: Option<FitProfile>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Source {
    pub kind: Kind,
    /// `brand:<id>`, `product:<id>`, `post:<slug>` or `tips:<section>`.
    pub id: String,
    pub title: String,
    /// A path on the site, or a product's page at its maker.
    pub link: String,
}

/// The answer (spec §7's fields, with `id`, `sources`, `suggestions` and `cached`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct Answer {
    /// For feedback (`POST /api/ai/feedback`).
    pub id: String,
    pub answer: String,
    pub hybrid_mode: bool,
    pub rag_enabled: bool,
    /// hybrid, strict or none
    pub rag_type: &'static str,
    pub provider: ProviderKind,
    pub model: String,
    pub sources: Vec<Source>,
    /// Keys of suggested questions, when nothing matched.
    pub suggestions: Vec<Suggestion>,
    pub cached: bool,
}

/// A provider's guarded answer.
pub(crate) struct Generated {
    pub text: String,
    pub model: String,
    pub finished: Finished,
    pub first_token_ms: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Answered,
    /// On the subject, but nothing was found.
    NoMatch,
    OffTopic,
}

impl Outcome {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Answered => "answered",
            Self::NoMatch => "no_match",
            Self::OffTopic => "off_topic",
        }
    }
}
