//! The index kept in step with the content: each question first reads a fingerprint of the content
//! (counts and last changes of brands, products and posts, from the catalogue and the blog) and the index is rebuilt
//! when it moved, so an admin's change, on this instance or another, shows in the next answer. The index
//! is built by the first call that needs it (a question, the admin's assistant status), about 0.15 s:
//! an idle server holds none (it is a few megabytes, and building it runs much of tantivy's code).

use std::{
    sync::{Arc, RwLock},
    time::Instant,
};

use tokio::sync::Mutex;

use super::Retrieval;
use crate::{
    blog,
    caches::{Counters, Figures, Monitored},
    catalogue,
    db::Db,
    time,
};

type Fingerprint = ([i64; 4], [i64; 2]);

/// The index as built, with the content's fingerprint then and the time.
struct Built {
    retrieval: Arc<Retrieval>,
    fingerprint: Fingerprint,
    at: i64,
}

#[derive(Default)]
pub struct LiveIndex {
    /// `None` until first needed, and after an admin's clear.
    current: RwLock<Option<Built>>,
    /// One build at a time.
    building: Mutex<()>,
    /// A call that found the index current is a hit; a build is a miss.
    counters: Counters,
}

impl LiveIndex {
    /// The index of the content as it is now; `true` with it when it was built for this call.
    pub async fn get(&self, db: &Db) -> anyhow::Result<(Arc<Retrieval>, bool)> {
        let (retrieval, _, built) = self.current(db).await?;
        Ok((retrieval, built))
    }

    /// The index of the content as it is now with the time it was built (for the admin's status).
    pub async fn built_at(&self, db: &Db) -> anyhow::Result<(Arc<Retrieval>, i64)> {
        let (retrieval, at, _) = self.current(db).await?;
        Ok((retrieval, at))
    }

    async fn current(&self, db: &Db) -> anyhow::Result<(Arc<Retrieval>, i64, bool)> {
        let now = fingerprint(db).await?;
        if let Some(current) = self.if_current(&now) {
            self.counters.hit();
            return Ok((current.0, current.1, false));
        }
        let _one_at_a_time = self.building.lock().await;
        if let Some(current) = self.if_current(&now) {
            self.counters.hit();
            return Ok((current.0, current.1, false));
        }
        let began = Instant::now();
        let retrieval = Arc::new(Retrieval::build(db).await?);
        let at = time::now_ms();
        *self.current.write().expect("index lock") = Some(Built { retrieval: retrieval.clone(), fingerprint: now, at });
        self.counters.miss(began.elapsed());
        tracing::info!("the assistant's index was built");
        Ok((retrieval, at, true))
    }

    fn if_current(&self, fingerprint: &Fingerprint) -> Option<(Arc<Retrieval>, i64)> {
        let current = self.current.read().expect("index lock");
        current
            .as_ref()
            .filter(|built| built.fingerprint == *fingerprint)
            .map(|built| (built.retrieval.clone(), built.at))
    }
}

impl Monitored for LiveIndex {
    /// Entries are the documents of every language's index (none before it is first needed).
    fn figures(&self) -> Figures {
        let current = self.current.read().expect("index lock");
        let (documents, bytes) = current.as_ref().map_or((0, 0), |built| {
            (built.retrieval.sizes().iter().map(|(_, count)| *count as u64).sum(), built.retrieval.bytes())
        });
        self.counters.figures(documents, bytes)
    }

    /// Drops the index: the next question builds it again.
    fn clear(&self) {
        *self.current.write().expect("index lock") = None;
    }
}

async fn fingerprint(db: &Db) -> Result<Fingerprint, sqlx::Error> {
    Ok((catalogue::fingerprint(db).await?, blog::store::fingerprint(db).await?))
}
