//! The server's integration tests: the real router over a real database (SQLite, and PostgreSQL when
//! `TEST_DATABASE_URL` is set), one binary so the crate is linked once.

mod common;

mod account;
mod admin;
mod analytics;
mod analytics_proxy;
mod assistant_answers;
mod assistant_providers;
mod assistant_retrieval;
mod audit_logs;
mod auth;
mod backup;
mod blog;
mod cache_monitor;
mod campaign_crash;
mod campaigns;
mod catalogue;
mod cleanup;
mod content;
mod crash_reports;
mod email_delivery;
mod email_templates;
mod finder;
mod fit_profile;
mod fit_recommendations;
mod mailbox;
mod metrics;
mod module_graph;
mod platform;
mod private_hosts;
mod public_reads;
mod rate_limits;
mod rendered_pages;
mod schema_names;
mod sessions;
mod settings;
mod unsubscribe;
mod users;
