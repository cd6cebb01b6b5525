//! The registry of site settings edited in the admin. Each is one JSON document in the `settings`
//! table, owned by the feature it configures (a type implementing `Stored`), and read through a
//! short-lived in-process copy so that pages need no database read; a save here refreshes the copy at
//! once, and other instances see it within `FRESH_FOR`. Settings that hold secrets are stored sealed
//! (`sealed`). This module knows no feature.

mod editable;
mod sealed;

pub(crate) use editable::{keep, keep_for, mask, read, save, Editable};
pub(crate) use sealed::Sealer;

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
    /// Whether it holds secrets (passwords, API keys, a private key): then it is stored sealed.
    const SEALED: bool = false;
}

/// A setting's value, when it was read, and the size of its JSON.
type Copy = (Arc<dyn Any + Send + Sync>, Instant, usize);

/// Every setting's in-process copy, shared by all requests.
pub struct Settings {
    copies: RwLock<HashMap<&'static str, Copy>>,
    counters: Counters,
    sealer: Sealer,
}

impl Settings {
    /// Sealing the settings that hold secrets with `sealer`.
    pub fn new(sealer: Sealer) -> Self {
        Self { copies: RwLock::default(), counters: Counters::default(), sealer }
    }

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
        let value = Arc::new(match stored {
            None => T::default(),
            Some(stored) => self.read::<T>(db, &stored).await?,
        });
        self.keep_copy(value.clone());
        Ok(value)
    }

    /// A stored value: opened when sealed, sealed when it should be and was saved plain (before sealing
    /// was), the default when it does not read or open (logged).
    async fn read<T: Stored>(&self, db: &Db, stored: &str) -> Result<T, sqlx::Error> {
        let Ok(json) = self.sealer.open(T::KEY, stored) else {
            tracing::warn!(
                key = T::KEY,
                "a saved setting was sealed with another SECRET_KEY; using the default until an admin saves it again"
            );
            return Ok(T::default());
        };
        let value = serde_json::from_str(&json).unwrap_or_else(|err| {
            tracing::warn!(key = T::KEY, error = %err, "stored setting does not read; using the default");
            T::default()
        });
        if T::SEALED && !sealed::is_sealed(stored) {
            sqlx::query("UPDATE settings SET value = $1 WHERE key = $2 AND value = $3")
                .bind(self.sealer.seal(T::KEY, &json))
                .bind(T::KEY)
                .bind(stored)
                .execute(db)
                .await?;
        }
        Ok(value)
    }

    pub async fn save<T: Stored>(&self, db: &Db, value: T, now: i64) -> Result<Arc<T>, sqlx::Error> {
        let json = serde_json::to_string(&value).expect("settings serialise");
        let json = if T::SEALED { self.sealer.seal(T::KEY, &json) } else { json };
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

    /// A saved setting's JSON as stored, opened when sealed (the tests' look at the table).
    pub async fn stored_json(&self, db: &Db, key: &str) -> Result<Option<String>, sqlx::Error> {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT value FROM settings WHERE key = $1").bind(key).fetch_optional(db).await?;
        Ok(stored.and_then(|stored| self.sealer.open(key, &stored).ok()))
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
pub(crate) async fn reset(db: &Db, key: &str, known: &[&str]) -> anyhow::Result<()> {
    if !known.contains(&key) {
        anyhow::bail!("Unknown setting {key}: use one of {}", known.join(", "));
    }
    sqlx::query("DELETE FROM settings WHERE key = $1").bind(key).execute(db).await?;
    Ok(())
}
