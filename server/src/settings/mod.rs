//! Site settings edited in the admin. Each is one JSON document in the `settings` table, read through
//! a short-lived in-process copy so that pages need no database read; a save here refreshes the copy
//! at once, and other instances see it within `FRESH_FOR`.

pub mod ai_models;
pub mod ai_providers;
pub mod analytics;
pub mod audit_retention;
pub mod bot_check;
mod editable;
pub mod email;
pub mod site;
pub mod social_embeds;

pub use editable::{Editable, SECRET_MASK};

use std::{
    sync::{Arc, RwLock},
    time::{Duration, Instant},
};

use serde::{de::DeserializeOwned, Serialize};

use crate::db::Db;

const FRESH_FOR: Duration = Duration::from_secs(30);

/// One setting, with its in-process copy.
pub struct Setting<T> {
    pub key: &'static str,
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
        let stored: Option<String> =
            sqlx::query_scalar("SELECT value FROM settings WHERE key = $1").bind(self.key).fetch_optional(db).await?;
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
    pub site: Setting<site::SiteIdentity>,
    /// `None` until an admin saves one: the environment's mail configuration applies.
    pub email: Setting<Option<email::EmailSettings>>,
    pub analytics: Setting<analytics::Analytics>,
    pub ai_models: Setting<ai_models::AiModels>,
    /// `None` until an admin saves them: the environment's providers apply.
    pub ai_providers: Setting<Option<ai_providers::AiProviders>>,
    /// `None` until an admin saves one: the environment's bot-check applies.
    pub bot_check: Setting<Option<bot_check::BotCheckSettings>>,
    pub audit_retention: Setting<audit_retention::AuditRetention>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            social_embeds: Setting::new("socialEmbeds"),
            site: Setting::new("site"),
            email: Setting::new("email"),
            analytics: Setting::new("analytics"),
            ai_models: Setting::new("aiModels"),
            ai_providers: Setting::new("aiProviders"),
            bot_check: Setting::new("botCheck"),
            audit_retention: Setting::new("auditRetention"),
        }
    }
}

impl Settings {
    fn keys(&self) -> [&'static str; 8] {
        [
            self.social_embeds.key,
            self.site.key,
            self.email.key,
            self.analytics.key,
            self.ai_models.key,
            self.ai_providers.key,
            self.bot_check.key,
            self.audit_retention.key,
        ]
    }
}

/// Forgets a saved setting, so its default (or the environment's value) applies again (within `FRESH_FOR`):
/// the way back from a setting that locks everyone out, such as a Turnstile secret that is wrong.
pub async fn reset(db: &Db, key: &str) -> anyhow::Result<()> {
    let keys = Settings::default().keys();
    if !keys.contains(&key) {
        anyhow::bail!("Unknown setting {key}: use one of {}", keys.join(", "));
    }
    sqlx::query("DELETE FROM settings WHERE key = $1").bind(key).execute(db).await?;
    Ok(())
}

/// Every setting's public and admin calls.
pub fn routes() -> axum::Router<crate::AppState> {
    axum::Router::new()
        .merge(social_embeds::routes())
        .merge(site::routes())
        .merge(email::routes())
        .merge(analytics::routes())
        .merge(ai_models::routes())
        .merge(ai_providers::routes())
        .merge(bot_check::routes())
        .merge(audit_retention::routes())
}

pub fn api_docs() -> [utoipa::openapi::OpenApi; 8] {
    use utoipa::OpenApi;
    [
        social_embeds::ApiDoc::openapi(),
        site::ApiDoc::openapi(),
        email::ApiDoc::openapi(),
        analytics::ApiDoc::openapi(),
        ai_models::ApiDoc::openapi(),
        ai_providers::ApiDoc::openapi(),
        bot_check::ApiDoc::openapi(),
        audit_retention::ApiDoc::openapi(),
    ]
}
