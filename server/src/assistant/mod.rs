//! The AI assistant: questions answered from the site's content (retrieval) by a chain of providers
//! (the gateway, the edge service, the built-in basic response), guarded, streamed, cached and
//! recorded for the admin's monitoring. The calls are described in docs/assistant.md.

pub(crate) mod answer;
mod basic;
mod cache;
pub(crate) mod evaluation;
mod fitted;
pub(crate) mod guard;
pub(crate) mod model;
pub(crate) mod monitoring;
pub(crate) mod prompt;
pub(crate) mod providers;
pub(crate) mod retrieval;
mod routes;
mod sentences;
pub(crate) mod settings;
pub(crate) mod stream;
pub(crate) mod texts;

use std::{sync::Arc, time::Duration};

use self::{cache::AnswerCache, providers::breaker::Breakers, retrieval::LiveIndex};
use crate::caches::{CacheName, Monitored};

/// The assistant's share of the app state.
pub struct Assistant {
    pub index: Arc<LiveIndex>,
    pub breakers: Breakers,
    cache: Arc<AnswerCache>,
    /// For the environment's provider addresses.
    http: reqwest::Client,
    /// For addresses an admin set: public ones only, no redirects (`private_hosts`).
    public_http: reqwest::Client,
}

impl Assistant {
    pub fn start() -> anyhow::Result<Self> {
        let builder = || reqwest::Client::builder().connect_timeout(Duration::from_secs(5));
        Ok(Self {
            index: Arc::default(),
            breakers: Breakers::default(),
            cache: Arc::default(),
            http: builder().build()?,
            public_http: crate::private_hosts::public_client(builder())?,
        })
    }

    /// Its caches, for the admin's cache screen.
    pub fn caches(&self) -> [(CacheName, Arc<dyn Monitored>); 2] {
        [(CacheName::AssistantAnswers, self.cache.clone()), (CacheName::RetrievalIndex, self.index.clone())]
    }
}

/// The ask calls, the admin's monitoring and the admin's AI settings.
pub(crate) fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(monitoring::routes()).merge(settings::routes())
}
