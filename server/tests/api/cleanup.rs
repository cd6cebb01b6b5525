//! The cleanup job: what it deletes and when, with the clock moved by hand.

use crate::common::{each_backend, each_backend_with, TestApp};
use axum::http::StatusCode;
use pointe_server::testing::{
    cleanup::{self, Removed, AI_RECORDS_KEEP_MS, CODE_GRACE_MS, CRASH_KEEP_MS, MAIL_KEEP_MS, SESSION_KEEP_MS},
    create_admin, Clock,
};
use serde_json::json;

const HOUR: i64 = 60 * 60_000;

/// Creates a member; returns the id.
async fn new_user(app: &TestApp) -> String {
    create_admin(&app.state.db, "odette", "odette@example.org", "swan-lake!").await.unwrap();
    sqlx::query_scalar("SELECT id FROM users WHERE username = 'odette'").fetch_one(&app.state.db).await.unwrap()
}

async fn ids(app: &TestApp, sql: &str) -> Vec<String> {
    sqlx::query_scalar(sql).fetch_all(&app.state.db).await.unwrap()
}

async fn add_code(app: &TestApp, id: &str, user: &str, expires_at: i64) {
    let sql = "INSERT INTO verification_codes (id, user_id, purpose, code_hash, created_at, expires_at, resend_after)
               VALUES ($1, $2, 'login', 'x', 0, $3, 0)";
    sqlx::query(sql).bind(id).bind(user).bind(expires_at).execute(&app.state.db).await.unwrap();
}

async fn add_reset_link(app: &TestApp, token_hash: &str, user: &str, expires_at: i64) {
    let sql = "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, 0, $3)";
    sqlx::query(sql).bind(token_hash).bind(user).bind(expires_at).execute(&app.state.db).await.unwrap();
}

async fn add_bot_check(app: &TestApp, signature: &str, expires_at: i64) {
    let sql = "INSERT INTO bot_check_uses (signature, expires_at) VALUES ($1, $2)";
    sqlx::query(sql).bind(signature).bind(expires_at).execute(&app.state.db).await.unwrap();
}

async fn add_rate_limit(app: &TestApp, key: &str, window_end: i64) {
    let sql = "INSERT INTO rate_limits (key, window_start, window_end, hits) VALUES ($1, 0, $2, 1)";
    sqlx::query(sql).bind(key).bind(window_end).execute(&app.state.db).await.unwrap();
}

async fn add_session(app: &TestApp, id: &str, user: &str, expires_at: i64, ended_at: Option<i64>) {
    let sql = "INSERT INTO sessions (id, user_id, ip, browser, user_agent, created_at, last_activity_at, expires_at, ended_at)
               VALUES ($1, $2, '', '', '', 0, 0, $3, $4)";
    sqlx::query(sql).bind(id).bind(user).bind(expires_at).bind(ended_at).execute(&app.state.db).await.unwrap();
}

/// An assistant request with one provider error, both made at `created_at`.
async fn add_ai_request(app: &TestApp, id: &str, created_at: i64) {
    let sql = "INSERT INTO ai_requests (id, created_at, route, lang, provider, model, outcome, success, cached, duration_ms, context_chars,
                   sources, prompt_tokens, completion_tokens) VALUES ($1, $2, 'hybrid', 'en', 'basic', 'basic', 'answered', 0, 0, 5, 0, 0, 0, 0)";
    sqlx::query(sql).bind(id).bind(created_at).execute(&app.state.db).await.unwrap();
    let sql = "INSERT INTO ai_errors (id, request_id, created_at, provider, error_type, message) VALUES ($1, $1, $2, 'gateway', 'timeout', '')";
    sqlx::query(sql).bind(id).bind(created_at).execute(&app.state.db).await.unwrap();
}

/// A crash group last seen at `last_seen`, with one reporter.
async fn add_crash(app: &TestApp, id: &str, last_seen: i64) {
    let sql = "INSERT INTO crash_groups (id, fingerprint, message, status, first_seen, last_seen, occurrences, users)
               VALUES ($1, $1, 'boom', 'new', 0, $2, 1, 1)";
    sqlx::query(sql).bind(id).bind(last_seen).execute(&app.state.db).await.unwrap();
    let sql = "INSERT INTO crash_group_reporters (group_id, reporter) VALUES ($1, 'visitor')";
    sqlx::query(sql).bind(id).execute(&app.state.db).await.unwrap();
}

/// An outbox message, sent or given up at the times given (neither: still queued).
async fn add_mail(app: &TestApp, id: &str, sent_at: Option<i64>, failed_at: Option<i64>) {
    let sql = "INSERT INTO email_outbox (id, recipient, subject, text_body, html_body, created_at, next_attempt_at, sent_at, failed_at)
               VALUES ($1, 'a@pointe.test', 's', '', '', 0, 0, $2, $3)";
    sqlx::query(sql).bind(id).bind(sent_at).bind(failed_at).execute(&app.state.db).await.unwrap();
}

#[tokio::test]
async fn each_kind_of_row_goes_once_its_time_is_over() {
    each_backend(async |app| {
        let user = new_user(app).await;
        let now = app.clock.now_ms();
        // For each kind, one row whose time is over now ("old") and one a millisecond short of it ("new").
        add_code(app, "old", &user, now - CODE_GRACE_MS).await;
        add_code(app, "new", &user, now - CODE_GRACE_MS + 1).await;
        add_reset_link(app, "old", &user, now - CODE_GRACE_MS).await;
        add_reset_link(app, "new", &user, now - CODE_GRACE_MS + 1).await;
        add_bot_check(app, "old", now).await;
        add_bot_check(app, "new", now + 1).await;
        add_rate_limit(app, "old", now).await;
        add_rate_limit(app, "new", now + 1).await;
        add_session(app, "expired-old", &user, now - SESSION_KEEP_MS, None).await;
        add_session(app, "ended-old", &user, now + HOUR, Some(now - SESSION_KEEP_MS)).await;
        add_session(app, "expired-new", &user, now - SESSION_KEEP_MS + 1, None).await;
        add_session(app, "ended-new", &user, now + HOUR, Some(now - SESSION_KEEP_MS + 1)).await;
        add_session(app, "live", &user, now + HOUR, None).await;
        add_ai_request(app, "old", now - AI_RECORDS_KEEP_MS - 1).await;
        add_ai_request(app, "new", now - AI_RECORDS_KEEP_MS).await;
        add_crash(app, "old", now - CRASH_KEEP_MS - 1).await;
        add_crash(app, "new", now - CRASH_KEEP_MS).await;
        add_mail(app, "sent-old", Some(now - MAIL_KEEP_MS - 1), None).await;
        add_mail(app, "failed-old", None, Some(now - MAIL_KEEP_MS - 1)).await;
        add_mail(app, "sent-new", Some(now - MAIL_KEEP_MS), None).await;
        add_mail(app, "queued", None, None).await;

        let removed = cleanup::run(&app.state).await.unwrap();
        assert_eq!(
            removed,
            Removed {
                codes: 1,
                reset_links: 1,
                bot_checks: 1,
                rate_limits: 1,
                sessions: 2,
                audit_entries: 0,
                ai_records: 2,
                crash_groups: 1,
                mails: 2,
                analytics_events: 0
            }
        );
        assert_eq!(ids(app, "SELECT id FROM crash_groups").await, ["new"]);
        assert_eq!(ids(app, "SELECT group_id FROM crash_group_reporters").await, ["new"]);
        assert_eq!(ids(app, "SELECT id FROM email_outbox ORDER BY id").await, ["queued", "sent-new"]);
        assert_eq!(ids(app, "SELECT id FROM verification_codes").await, ["new"]);
        assert_eq!(ids(app, "SELECT token_hash FROM password_resets").await, ["new"]);
        assert_eq!(ids(app, "SELECT signature FROM bot_check_uses").await, ["new"]);
        assert_eq!(ids(app, "SELECT key FROM rate_limits").await, ["new"]);
        assert_eq!(ids(app, "SELECT id FROM sessions ORDER BY id").await, ["ended-new", "expired-new", "live"]);
        assert_eq!(ids(app, "SELECT id FROM ai_requests").await, ["new"]);

        app.clock.advance_ms(1);
        let removed = cleanup::run(&app.state).await.unwrap();
        assert_eq!(
            removed,
            Removed {
                codes: 1,
                reset_links: 1,
                bot_checks: 1,
                rate_limits: 1,
                sessions: 2,
                audit_entries: 0,
                ai_records: 2,
                crash_groups: 1,
                mails: 1,
                analytics_events: 0
            }
        );
        assert_eq!(ids(app, "SELECT id FROM sessions").await, ["live"]);
        assert_eq!(ids(app, "SELECT id FROM email_outbox").await, ["queued"], "a message still to send stays");
        assert_eq!(cleanup::run(&app.state).await.unwrap(), Removed::default());
    })
    .await;
}

#[tokio::test]
async fn rows_the_app_writes_are_deleted_on_time() {
    // No bot-check: its spent solutions are rows of their own, with their own expiry.
    each_backend_with(&[("BOT_CHECK", "off")], async |app| {
        new_user(app).await;
        let asked = app.post_json("/api/auth/request-password-reset", &json!({ "email": "odette@example.org" })).await;
        assert_eq!(asked.status, StatusCode::OK);
        assert_eq!(ids(app, "SELECT key FROM rate_limits ORDER BY key").await.len(), 2, "per address and per account");

        // Both windows last an hour; the link too, and is then kept a day.
        app.clock.advance_ms(HOUR - 1);
        assert_eq!(cleanup::run(&app.state).await.unwrap(), Removed::default());
        app.clock.advance_ms(1);
        assert_eq!(cleanup::run(&app.state).await.unwrap(), Removed { rate_limits: 2, ..Removed::default() });
        app.clock.advance_ms(CODE_GRACE_MS);
        assert_eq!(cleanup::run(&app.state).await.unwrap(), Removed { reset_links: 1, ..Removed::default() });
    })
    .await;
}

#[tokio::test]
async fn the_job_runs_on_one_instance_of_a_cluster_until_it_stops_holding_the_lease() {
    each_backend(async |app| {
        let other = app.another_instance().await;
        assert!(cleanup::run_if_leased(&app.state, "first").await.unwrap().is_some());
        assert!(cleanup::run_if_leased(&other.state, "second").await.unwrap().is_none(), "the first holds it");
        // The holder renews it at its next round...
        app.clock.advance_ms(13 * 60_000);
        assert!(cleanup::run_if_leased(&app.state, "first").await.unwrap().is_some());
        assert!(cleanup::run_if_leased(&other.state, "second").await.unwrap().is_none());
        // ...and when it stops, another instance takes over once the lease has run out.
        app.clock.advance_ms(14 * 60_000);
        assert!(cleanup::run_if_leased(&other.state, "second").await.unwrap().is_some());
        assert!(cleanup::run_if_leased(&app.state, "first").await.unwrap().is_none());
    })
    .await;
}
