//! The registry of site settings edited in the admin. Each is one JSON document in the `settings`
//! table, owned by the feature it configures (a type implementing `Stored`), and read through a
//! short-lived in-process copy so that pages need no database read; a save here refreshes the copy at
//! once, and other instances see it within `FRESH_FOR`. This module knows no feature.

mod editable;

pub use editable::{keep, keep_for, mask, read, save, Editable};

use std::{
    any::Any,
    collections::HashMap,
    sync::{Arc, RwLock},
    time::{Duration, Instant},
};

use serde::{de::DeserializeOwned, Serialize};

use crate::{
    caches::{Counters, Figures, Monitored},
    db::Db,
};

const FRESH_FOR: Duration = Duration::from_secs(30);

/// A setting's value type: the feature that owns it names its row.
pub trait Stored: Serialize + DeserializeOwned + Default + Send + Sync + 'static {
    /// The key of its row in the `settings` table (and of `reset-setting`).
    const KEY: &'static str;
}

/// A setting's value, when it was read, and the size of its JSON.
type Copy = (Arc<dyn Any + Send + Sync>, Instant, usize);

/// Every setting's in-process copy, shared by all requests.
#[derive(Default)]
pub struct Settings {
    copies: RwLock<HashMap<&'static str, Copy>>,
    counters: Counters,
}

impl Settings {
    /// The current value; the default until an admin saves one. A stored value that no longer reads
    /// (e.g. after a field was renamed) gives the default too, and is logged.
    pub async fn get<T: Stored>(&self, db: &Db) -> Result<Arc<T>, sqlx::Error> {
        if let Some(value) = self.fresh_copy::<T>() {
            self.counters.hit();
            return Ok(value);
        }
        let began = Instant::now();
        let stored: Option<String> =
            sqlx::query_scalar("SELECT value FROM settings WHERE key = $1").bind(T::KEY).fetch_optional(db).await?;
        self.counters.miss(began.elapsed());
        let value = Arc::new(stored.map_or_else(T::default, |json| {
            serde_json::from_str(&json).unwrap_or_else(|err| {
                tracing::warn!(key = T::KEY, error = %err, "stored setting does not read; using the default");
                T::default()
            })
        }));
        self.keep_copy(value.clone());
        Ok(value)
    }

    pub async fn save<T: Stored>(&self, db: &Db, value: T, now: i64) -> Result<Arc<T>, sqlx::Error> {
        let json = serde_json::to_string(&value).expect("settings serialise");
        sqlx::query(
            "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )
        .bind(T::KEY)
        .bind(json)
        .bind(now)
        .execute(db)
        .await?;
        let value = Arc::new(value);
        self.keep_copy(value.clone());
        Ok(value)
    }

    /// Drops every copy, so the next read of each setting goes to the database (another instance
    /// saved one).
    pub fn forget_all(&self) {
        self.copies.write().expect("settings lock").clear();
    }

    fn fresh_copy<T: Stored>(&self) -> Option<Arc<T>> {
        let copies = self.copies.read().expect("settings lock");
        let (value, read_at, _) = copies.get(T::KEY)?;
        (read_at.elapsed() < FRESH_FOR).then(|| value.clone().downcast::<T>().ok()).flatten()
    }

    fn keep_copy<T: Stored>(&self, value: Arc<T>) {
        let size = serde_json::to_vec(value.as_ref()).map_or(0, |json| json.len());
        self.copies.write().expect("settings lock").insert(T::KEY, (value, Instant::now(), size));
    }
}

impl Monitored for Settings {
    fn figures(&self) -> Figures {
        let copies = self.copies.read().expect("settings lock");
        let bytes = copies.values().map(|(_, _, size)| *size as u64).sum();
        self.counters.figures(copies.len() as u64, bytes)
    }

    fn clear(&self) {
        self.forget_all();
    }
}

/// Forgets a saved setting, so its default (or the environment's value) applies again (within
/// `FRESH_FOR`): the way back from a setting that locks everyone out, such as a Turnstile secret that is
/// wrong. `known` lists every setting's key.
pub async fn reset(db: &Db, key: &str, known: &[&str]) -> anyhow::Result<()> {
    if !known.contains(&key) {
        anyhow::bail!("Unknown setting {key}: use one of {}", known.join(", "));
    }
    sqlx::query("DELETE FROM settings WHERE key = $1").bind(key).execute(db).await?;
    Ok(())
}
