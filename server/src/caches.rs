//! The in-process caches the admin watches and clears (`/admin/cache`): each counts its hits, misses,
//! the time its misses took and its evictions (`Counters`), and tells its size (`Monitored`). The
//! registry lists them by name; a clear asked on one instance reaches every instance through a version
//! per cache in the database (`cache_clears`), which the instances poll with the content version. This
//! module knows no feature: features register their caches when the state is built.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, Ordering::Relaxed},
        Arc, Mutex,
    },
    time::Duration,
};

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::db::Db;

/// The caches of the site, as the admin's screen names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CacheName {
    /// Finished answers of the public API reads.
    PublicReads,
    /// Finished HTML of the public pages.
    RenderedPages,
    /// In-process copies of the site settings.
    Settings,
    /// The assistant's answers to questions asked before.
    AssistantAnswers,
    /// The assistant's search indexes of the site's content.
    RetrievalIndex,
}

impl CacheName {
    pub const ALL: [CacheName; 5] = [
        CacheName::PublicReads,
        CacheName::RenderedPages,
        CacheName::Settings,
        CacheName::AssistantAnswers,
        CacheName::RetrievalIndex,
    ];

    /// How it is stored in the database.
    pub fn code(self) -> &'static str {
        match self {
            CacheName::PublicReads => "publicReads",
            CacheName::RenderedPages => "renderedPages",
            CacheName::Settings => "settings",
            CacheName::AssistantAnswers => "assistantAnswers",
            CacheName::RetrievalIndex => "retrievalIndex",
        }
    }

    pub fn from_code(code: &str) -> Option<CacheName> {
        CacheName::ALL.into_iter().find(|name| name.code() == code)
    }
}

/// A cache's counters since this instance started.
#[derive(Default)]
pub(crate) struct Counters {
    hits: AtomicU64,
    misses: AtomicU64,
    /// Time spent answering misses, in microseconds.
    miss_micros: AtomicU64,
    evictions: AtomicU64,
}

impl Counters {
    pub(crate) fn hit(&self) {
        self.hits.fetch_add(1, Relaxed);
    }

    /// A miss, once answered: `took` is what answering it cost.
    pub(crate) fn miss(&self, took: Duration) {
        self.misses.fetch_add(1, Relaxed);
        self.miss_micros.fetch_add(u64::try_from(took.as_micros()).unwrap_or(u64::MAX), Relaxed);
    }

    /// An entry dropped to make room.
    pub(crate) fn evicted(&self) {
        self.evictions.fetch_add(1, Relaxed);
    }

    /// The counters with the cache's size.
    pub(crate) fn figures(&self, entries: u64, bytes: u64) -> Figures {
        Figures {
            hits: self.hits.load(Relaxed),
            misses: self.misses.load(Relaxed),
            miss_micros: self.miss_micros.load(Relaxed),
            evictions: self.evictions.load(Relaxed),
            entries,
            bytes,
        }
    }
}

/// A cache's figures at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub hits: u64,
    pub misses: u64,
    pub miss_micros: u64,
    pub evictions: u64,
    pub entries: u64,
    /// What the entries weigh, as far as the cache can tell.
    pub bytes: u64,
}

/// A cache the registry can read and clear.
pub trait Monitored: Send + Sync {
    fn figures(&self) -> Figures;
    /// Drops every entry on this instance.
    fn clear(&self);
}

/// Every cache of this instance, by name, with the clear versions it has acted on.
pub struct Registry {
    caches: Vec<(CacheName, Arc<dyn Monitored>)>,
    /// This instance, in the shared figures.
    pub instance: String,
    seen_clears: Mutex<HashMap<CacheName, i64>>,
}

impl Registry {
    pub async fn new(db: &Db, caches: Vec<(CacheName, Arc<dyn Monitored>)>) -> Result<Self, sqlx::Error> {
        Ok(Self {
            caches,
            instance: uuid::Uuid::new_v4().to_string(),
            seen_clears: Mutex::new(clear_versions(db).await?),
        })
    }

    /// Each cache's figures on this instance, in the order of `CacheName::ALL`.
    pub fn figures(&self) -> Vec<(CacheName, Figures)> {
        CacheName::ALL.into_iter().filter_map(|name| self.find(name).map(|cache| (name, cache.figures()))).collect()
    }

    /// Clears `names` here at once and on every other instance at its next sync.
    pub async fn clear(&self, db: &Db, names: &[CacheName]) -> Result<(), sqlx::Error> {
        for name in names {
            let version: i64 =
                sqlx::query_scalar("UPDATE cache_clears SET version = version + 1 WHERE name = $1 RETURNING version")
                    .bind(name.code())
                    .fetch_one(db)
                    .await?;
            self.seen_clears.lock().expect("clears lock").insert(*name, version);
            if let Some(cache) = self.find(*name) {
                cache.clear();
            }
        }
        Ok(())
    }

    /// Clears here what another instance asked to clear since the last sync.
    pub async fn sync(&self, db: &Db) -> Result<(), sqlx::Error> {
        let versions = clear_versions(db).await?;
        let mut seen = self.seen_clears.lock().expect("clears lock");
        for (name, version) in versions {
            if seen.insert(name, version).is_some_and(|before| before != version) {
                if let Some(cache) = self.find(name) {
                    cache.clear();
                }
            }
        }
        Ok(())
    }

    fn find(&self, name: CacheName) -> Option<&Arc<dyn Monitored>> {
        self.caches.iter().find(|(n, _)| *n == name).map(|(_, cache)| cache)
    }
}

async fn clear_versions(db: &Db) -> Result<HashMap<CacheName, i64>, sqlx::Error> {
    let rows = sqlx::query("SELECT name, version FROM cache_clears").fetch_all(db).await?;
    let mut versions = HashMap::new();
    for row in rows {
        if let Some(name) = CacheName::from_code(row.try_get("name")?) {
            versions.insert(name, row.try_get("version")?);
        }
    }
    Ok(versions)
}
