//! Site settings edited in the admin. Each is one JSON document in the `settings` table, read through
//! a short-lived in-process copy so that pages need no database read; a save here refreshes the copy
//! at once, and other instances see it within `FRESH_FOR`.

pub mod social_embeds;

use std::{
    sync::{Arc, RwLock},
    time::{Duration, Instant},
};

use serde::{de::DeserializeOwned, Serialize};

use crate::db::Db;

const FRESH_FOR: Duration = Duration::from_secs(30);

/// One setting, with its in-process copy.
pub struct Setting<T> {
    key: &'static str,
    copy: RwLock<Option<(Arc<T>, Instant)>>,
}

impl<T: Serialize + DeserializeOwned + Default + Send + Sync> Setting<T> {
    pub const fn new(key: &'static str) -> Self {
        Self { key, copy: RwLock::new(None) }
    }

    /// The current value; the default until an admin saves one. A stored value that no longer reads
    /// (e.g. after a field was renamed) gives the default too, and is logged.
    pub async fn get(&self, db: &Db) -> Result<Arc<T>, sqlx::Error> {
        if let Some((value, read_at)) = self.copy.read().expect("setting lock").as_ref() {
            if read_at.elapsed() < FRESH_FOR {
                return Ok(value.clone());
            }
        }
        let stored: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE key = $1").bind(self.key).fetch_optional(db).await?;
        let value = Arc::new(stored.map_or_else(T::default, |json| {
            serde_json::from_str(&json).unwrap_or_else(|err| {
                tracing::warn!(key = self.key, error = %err, "stored setting does not read; using the default");
                T::default()
            })
        }));
        *self.copy.write().expect("setting lock") = Some((value.clone(), Instant::now()));
        Ok(value)
    }

    pub async fn save(&self, db: &Db, value: T, now: i64) -> Result<Arc<T>, sqlx::Error> {
        let json = serde_json::to_string(&value).expect("settings serialise");
        sqlx::query(
            "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )
        .bind(self.key)
        .bind(json)
        .bind(now)
        .execute(db)
        .await?;
        let value = Arc::new(value);
        *self.copy.write().expect("setting lock") = Some((value.clone(), Instant::now()));
        Ok(value)
    }
}

/// Every setting of the site, shared by all requests.
pub struct Settings {
    pub social_embeds: Setting<social_embeds::SocialEmbeds>,
}

impl Default for Settings {
    fn default() -> Self {
        Self { social_embeds: Setting::new("socialEmbeds") }
    }
}
