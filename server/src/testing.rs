//! The one door the integration tests (`tests/api`) use to reach inside: creating accounts and
//! sessions directly, running the periodic jobs and the outbox on the tests' clock, the public cache's
//! sync and figures, and the assistant's retrieval evaluation. Not an API; every other module is
//! private to the crate.

pub use crate::{
    access::Role,
    assistant::{
        evaluation::{evaluate, EvaluationSet},
        retrieval::corpus::Kind,
    },
    backup::{backup, restore},
    client_info::ClientInfo,
    config::RateLimitStore,
    db::{begin, connect},
    error::time_limit,
    lang::Lang,
    serve::{serve, Limits},
    time::{Clock, ManualClock, DAY_MS},
    users::{
        password,
        service::{create_admin, set_role},
        store, NewAccount, Profile,
    },
};

/// A database as the app's start leaves it before anything else (migrated and seeded), for the tests to copy.
pub async fn prepare_database(config: &crate::Config) -> anyhow::Result<()> {
    crate::open_database(config).await?.close().await;
    Ok(())
}

pub mod cleanup {
    pub use crate::cleanup::{
        run, run_if_leased, Removed, AI_RECORDS_KEEP_MS, CODE_GRACE_MS, CRASH_KEEP_MS, MAIL_KEEP_MS, SESSION_KEEP_MS,
    };
}

pub mod finder {
    pub use crate::finder::{
        import::{import, Report},
        CREDIT,
    };
}

pub mod email {
    pub use crate::email::{outbox, send, settings::EmailSettings, Mail, Mailer};
}

pub mod newsletter {
    pub use crate::newsletter::{campaigns::sender::drain as send_campaigns, unsubscribe::url as unsubscribe_url};

    /// One round of the mailbox checker, as its timer would run it.
    pub async fn check_mailbox(state: &crate::AppState) -> anyhow::Result<()> {
        use crate::newsletter::mailbox::{checker, MailboxSettings};
        checker::check(state, &*state.settings.get::<MailboxSettings>(&state.db).await?).await
    }
}

pub mod analytics {
    /// Writes the queued page views and events, as the writer does every second.
    pub async fn flush(state: &crate::AppState) -> usize {
        crate::analytics::flush(&state.db, &state.analytics, state.clock.now_ms()).await.expect("analytics written")
    }

    /// The writer's round, its error included.
    pub async fn try_flush(state: &crate::AppState) -> Result<usize, sqlx::Error> {
        crate::analytics::flush(&state.db, &state.analytics, state.clock.now_ms()).await
    }

    /// Hits dropped because the queue was full or the database refused them.
    pub fn dropped(state: &crate::AppState) -> u64 {
        state.analytics.dropped()
    }
}

pub mod cache_monitor {
    pub use crate::cache_monitor::publish;
}

/// Hits, misses and pages kept by the rendered pages cache.
pub mod rendered_pages {
    pub fn figures(state: &crate::AppState) -> (u64, u64, u64) {
        use crate::caches::Monitored;
        let figures = state.web.pages.figures();
        (figures.hits, figures.misses, figures.entries)
    }
}

pub mod public_cache {
    pub use crate::public_cache::sync;

    /// Hits, misses, answers kept and their bytes.
    pub fn figures(state: &crate::AppState) -> (u64, u64, u64, u64) {
        use crate::caches::Monitored;
        let figures = state.public_cache.figures();
        (figures.hits, figures.misses, figures.entries, figures.bytes)
    }
}

pub mod sessions {
    pub use crate::access::sessions::start;
}

/// A saved setting as stored in the database, opened when it is sealed.
pub async fn stored_setting(state: &crate::AppState, key: &str) -> serde_json::Value {
    let json = state.settings.stored_json(&state.db, key).await.expect("settings read").expect("the setting is saved");
    serde_json::from_str(&json).expect("a stored setting is JSON")
}

/// Forgets a setting saved in the admin, as `pointe-server reset-setting` does.
pub async fn reset_setting(db: &crate::db::Db, key: &str) -> anyhow::Result<()> {
    crate::settings::reset(db, key, &crate::SETTING_KEYS).await
}
