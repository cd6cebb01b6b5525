//! The index kept in step with the content: each question first reads a fingerprint of the content
//! (counts and last changes of brands, products and posts, one small query) and the index is rebuilt
//! when it moved, so an admin's change, on this instance or another, shows in the next answer.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering::Relaxed},
        Arc, RwLock,
    },
    time::Instant,
};

use sqlx::Row;
use tokio::sync::Mutex;

use super::Retrieval;
use crate::{
    caches::{Counters, Figures, Monitored},
    db::Db,
    time,
};

const FINGERPRINT: &str = "SELECT
    (SELECT COUNT(*) FROM brands) AS brands, (SELECT COALESCE(MAX(updated_at), 0) FROM brands) AS brands_changed,
    (SELECT COUNT(*) FROM products) AS products, (SELECT COALESCE(MAX(updated_at), 0) FROM products) AS products_changed,
    (SELECT COUNT(*) FROM blog_posts WHERE status = 'published') AS posts, (SELECT COALESCE(MAX(updated_at), 0) FROM blog_posts) AS posts_changed";

type Fingerprint = [i64; 6];

pub struct LiveIndex {
    current: RwLock<(Arc<Retrieval>, Fingerprint, i64)>,
    /// One rebuild at a time.
    rebuilding: Mutex<()>,
    /// Set by an admin's clear: the next question rebuilds the index whatever the fingerprint says.
    stale: AtomicBool,
    /// A question that found the index current is a hit; a rebuild is a miss.
    counters: Counters,
}

impl LiveIndex {
    pub async fn build(db: &Db) -> anyhow::Result<Self> {
        let fingerprint = fingerprint(db).await?;
        let retrieval = Retrieval::build(db).await?;
        Ok(Self {
            current: RwLock::new((Arc::new(retrieval), fingerprint, time::now_ms())),
            rebuilding: Mutex::new(()),
            stale: AtomicBool::new(false),
            counters: Counters::default(),
        })
    }

    /// The index of the content as it is now; `true` with it when it was rebuilt for this call.
    pub async fn get(&self, db: &Db) -> anyhow::Result<(Arc<Retrieval>, bool)> {
        let now = fingerprint(db).await?;
        if let Some(current) = self.if_current(&now) {
            self.counters.hit();
            return Ok((current, false));
        }
        let _one_at_a_time = self.rebuilding.lock().await;
        if let Some(current) = self.if_current(&now) {
            self.counters.hit();
            return Ok((current, false));
        }
        let began = Instant::now();
        self.stale.store(false, Relaxed);
        let retrieval = Arc::new(Retrieval::build(db).await?);
        *self.current.write().expect("index lock") = (retrieval.clone(), now, time::now_ms());
        self.counters.miss(began.elapsed());
        tracing::info!("the assistant's index was rebuilt after a content change or a clear");
        Ok((retrieval, true))
    }

    /// The index without checking the content (for the admin's status).
    pub fn snapshot(&self) -> (Arc<Retrieval>, i64) {
        let current = self.current.read().expect("index lock");
        (current.0.clone(), current.2)
    }

    fn if_current(&self, fingerprint: &Fingerprint) -> Option<Arc<Retrieval>> {
        let current = self.current.read().expect("index lock");
        (current.1 == *fingerprint && !self.stale.load(Relaxed)).then(|| current.0.clone())
    }
}

impl Monitored for LiveIndex {
    /// Entries are the documents of every language's index.
    fn figures(&self) -> Figures {
        let (retrieval, _) = self.snapshot();
        let documents = retrieval.sizes().iter().map(|(_, count)| *count as u64).sum();
        self.counters.figures(documents, retrieval.bytes())
    }

    /// The index is rebuilt by the next question (an index is never empty: questions need one).
    fn clear(&self) {
        self.stale.store(true, Relaxed);
    }
}

async fn fingerprint(db: &Db) -> Result<Fingerprint, sqlx::Error> {
    let row = sqlx::query(FINGERPRINT).fetch_one(db).await?;
    let mut values = [0; 6];
    for (at, name) in
        ["brands", "brands_changed", "products", "products_changed", "posts", "posts_changed"].into_iter().enumerate()
    {
        values[at] = row.try_get(name)?;
    }
    Ok(values)
}
