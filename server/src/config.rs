//! The server's whole configuration: one typed struct read from the environment (and `.env`).
//! Every variable is documented in docs/configuration.md.

use std::{net::IpAddr, path::PathBuf};

use anyhow::{bail, Context};

#[derive(Clone, Debug)]
pub struct Config {
    pub host: IpAddr,
    pub port: u16,
    pub database_url: String,
    /// Folder with the built web app (`index.html`, `assets/`, `images/`).
    pub web_dist: PathBuf,
    /// Absolute origin used for canonical and hreflang links and in e-mails, e.g. `https://pointe.example`
    /// (never with a trailing slash).
    pub public_url: String,
    pub contact_email: String,
    /// Creates this admin at start when no user has the name yet (all three must be set).
    pub bootstrap_admin: Option<BootstrapAdmin>,
    /// Keys are derived from it; `None` keeps a generated one in the database.
    pub secret_key: Option<String>,
    /// Read the client address from `X-Forwarded-For` (only behind a proxy that sets it).
    pub trust_proxy: bool,
    /// Let admins point the AI providers, the SMTP server and the POP3 mailbox at this machine or a private
    /// network (`private_hosts`); the environment's own addresses are trusted either way.
    pub allow_private_hosts: bool,
    /// The bearer token Prometheus sends to `/metrics`; unset, there is no `/metrics`.
    pub metrics_token: Option<String>,
    /// How long a session token lives; refreshing gives a new one.
    pub token_ttl_secs: i64,
    /// Sign-up asks for an e-mailed code before the account works.
    pub email_verification: bool,
    /// A new database's seed also imports the data set's pointe shoe models (finder::import).
    pub seed_shoe_models: bool,
    pub bot_check: BotCheck,
    pub mail: MailConfig,
    /// Where rate limits count: the database (the default) or a Redis shared by every instance.
    pub rate_limit_store: RateLimitStore,
    /// The assistant's providers until an admin saves their own (`AI_GATEWAY_*`, `AI_EDGE_*`).
    pub ai: AiConfig,
    /// Where `/api/analytics/proxy/…` forwards (analytics/proxy.rs).
    pub analytics_upstreams: AnalyticsUpstreams,
}

/// The external analytics services' addresses; `ANALYTICS_PROXY_UPSTREAM` puts one origin in place of
/// all four (a mirror, or the tests' stand-in).
#[derive(Clone, Debug)]
pub struct AnalyticsUpstreams {
    pub google_tag: String,
    pub google_collect: String,
    pub cloudflare_script: String,
    pub cloudflare_collect: String,
}

impl AnalyticsUpstreams {
    fn from_override(origin: Option<String>) -> Self {
        let pick = |real: &str| origin.clone().unwrap_or_else(|| real.to_owned());
        Self {
            google_tag: pick("https://www.googletagmanager.com"),
            google_collect: pick("https://region1.google-analytics.com"),
            cloudflare_script: pick("https://static.cloudflareinsights.com"),
            cloudflare_collect: pick("https://cloudflareinsights.com"),
        }
    }
}

/// The assistant's providers as the environment gives them; unset values take the assistant's defaults.
#[derive(Clone, Debug, Default)]
pub struct AiConfig {
    pub gateway_url: Option<String>,
    pub gateway_key: Option<String>,
    pub edge_account_id: Option<String>,
    pub edge_token: Option<String>,
    pub edge_model: Option<String>,
    pub edge_url: Option<String>,
    pub timeout_seconds: Option<u32>,
}

#[derive(Clone, Debug)]
pub enum RateLimitStore {
    Database,
    /// `key_prefix` starts every key, so several sites (or test runs) can share one Redis.
    Redis {
        url: String,
        key_prefix: String,
    },
}

#[derive(Clone, Debug)]
pub enum BotCheck {
    /// Self-hosted proof of work: the browser finds a number below `max_number`.
    Altcha {
        max_number: u64,
    },
    Turnstile {
        site_key: String,
        secret: String,
        verify_url: String,
    },
    Off,
}

#[derive(Clone, Debug)]
pub struct MailConfig {
    pub from: String,
    pub transport: MailTransport,
    /// `MAIL_CA_FILE`: certificate authorities (PEM) trusted besides the public ones by the POP3
    /// mailbox's TLS, for a mail server with a private CA.
    pub trusted_certificates: Option<PathBuf>,
    /// `MAIL_DNS_SERVER` (`ip:port`): where the mailbox looks up DKIM keys; unset, the system's resolver.
    pub dns_server: Option<std::net::SocketAddr>,
}

#[derive(Clone, Debug)]
pub enum MailTransport {
    /// Each message written as an `.eml` file into this folder.
    File(PathBuf),
    Smtp(SmtpConfig),
}

#[derive(Clone, Debug)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub credentials: Option<(String, String)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpTls {
    None,
    StartTls,
    Tls,
}

#[derive(Clone, Debug)]
pub struct BootstrapAdmin {
    pub username: String,
    pub email: String,
    pub password: String,
}

pub(crate) const DEFAULT_DATABASE_URL: &str = "sqlite://data/pointe.db";

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Reads the configuration through `lookup`, so tests can supply their own variables.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let host = match lookup("HOST") {
            Some(h) => h.parse().with_context(|| format!("HOST is not an IP address: {h}"))?,
            None => IpAddr::from([127, 0, 0, 1]),
        };
        let port = match lookup("PORT") {
            Some(p) => p.parse().with_context(|| format!("PORT is not a port number: {p}"))?,
            None => 8080,
        };
        let public_url =
            lookup("PUBLIC_URL").unwrap_or_else(|| format!("http://{host}:{port}")).trim_end_matches('/').to_owned();
        let secret_key = lookup("SECRET_KEY");
        // A site on https is a live one: without its own key the token secret is made and kept in the
        // database, where a copy of the database (a backup) is enough to sign anyone's session.
        if secret_key.is_none() && public_url.starts_with("https://") {
            bail!("SECRET_KEY must be set when PUBLIC_URL is https:// (a live site); make one with `openssl rand -base64 48`");
        }
        let bootstrap_admin = match (lookup("ADMIN_USERNAME"), lookup("ADMIN_EMAIL"), lookup("ADMIN_PASSWORD")) {
            (Some(username), Some(email), Some(password)) => Some(BootstrapAdmin { username, email, password }),
            (None, None, None) => None,
            _ => bail!("ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD must be set together"),
        };
        Ok(Self {
            secret_key,
            trust_proxy: flag(&lookup, "TRUST_PROXY", false)?,
            allow_private_hosts: flag(&lookup, "ALLOW_PRIVATE_HOSTS", false)?,
            metrics_token: match lookup("METRICS_TOKEN") {
                Some(token) if token.len() < 16 => bail!("METRICS_TOKEN must be at least 16 characters long"),
                token => token,
            },
            token_ttl_secs: number(&lookup, "TOKEN_TTL_SECONDS", 3600)?,
            email_verification: flag(&lookup, "EMAIL_VERIFICATION", true)?,
            seed_shoe_models: flag(&lookup, "SEED_SHOE_MODELS", true)?,
            bot_check: bot_check(&lookup)?,
            mail: mail(&lookup)?,
            ai: AiConfig {
                gateway_url: lookup("AI_GATEWAY_URL"),
                gateway_key: lookup("AI_GATEWAY_KEY"),
                edge_account_id: lookup("AI_EDGE_ACCOUNT_ID"),
                edge_token: lookup("AI_EDGE_TOKEN"),
                edge_model: lookup("AI_EDGE_MODEL"),
                edge_url: lookup("AI_EDGE_URL"),
                timeout_seconds: optional_number(&lookup, "AI_TIMEOUT_SECONDS")?,
            },
            rate_limit_store: match lookup("REDIS_URL") {
                Some(url) => RateLimitStore::Redis {
                    url,
                    key_prefix: lookup("REDIS_KEY_PREFIX").unwrap_or_else(|| "pointe:".to_owned()),
                },
                None => RateLimitStore::Database,
            },
            host,
            port,
            database_url: lookup("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            web_dist: lookup("WEB_DIST").map_or_else(|| PathBuf::from("web/dist"), PathBuf::from),
            public_url,
            contact_email: lookup("CONTACT_EMAIL").unwrap_or_else(|| "contact@example.org".to_owned()),
            bootstrap_admin,
            analytics_upstreams: AnalyticsUpstreams::from_override(
                lookup("ANALYTICS_PROXY_UPSTREAM").map(|origin| origin.trim_end_matches('/').to_owned()),
            ),
        })
    }
}

fn flag(lookup: &impl Fn(&str) -> Option<String>, name: &str, default: bool) -> anyhow::Result<bool> {
    match lookup(name).map(|v| v.to_ascii_lowercase()) {
        None => Ok(default),
        Some(v) if ["1", "true", "on", "yes"].contains(&v.as_str()) => Ok(true),
        Some(v) if ["0", "false", "off", "no"].contains(&v.as_str()) => Ok(false),
        Some(v) => bail!("{name} must be true or false, not {v}"),
    }
}

/// A number variable, or `default` when it is unset.
fn number<T: std::str::FromStr>(lookup: &impl Fn(&str) -> Option<String>, name: &str, default: T) -> anyhow::Result<T> {
    Ok(optional_number(lookup, name)?.unwrap_or(default))
}

fn optional_number<T: std::str::FromStr>(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &str,
) -> anyhow::Result<Option<T>> {
    lookup(name).map(|v| v.trim().parse().map_err(|_| anyhow::anyhow!("{name} must be a number, not {v}"))).transpose()
}

fn bot_check(lookup: &impl Fn(&str) -> Option<String>) -> anyhow::Result<BotCheck> {
    Ok(match lookup("BOT_CHECK").as_deref().unwrap_or("altcha") {
        "altcha" => BotCheck::Altcha { max_number: number(lookup, "ALTCHA_MAX_NUMBER", 100_000)? },
        "turnstile" => BotCheck::Turnstile {
            site_key: lookup("TURNSTILE_SITE_KEY").context("BOT_CHECK=turnstile needs TURNSTILE_SITE_KEY")?,
            secret: lookup("TURNSTILE_SECRET").context("BOT_CHECK=turnstile needs TURNSTILE_SECRET")?,
            verify_url: lookup("TURNSTILE_VERIFY_URL")
                .unwrap_or_else(|| "https://challenges.cloudflare.com/turnstile/v0/siteverify".to_owned()),
        },
        "off" => BotCheck::Off,
        other => bail!("BOT_CHECK must be altcha, turnstile or off, not {other}"),
    })
}

fn mail(lookup: &impl Fn(&str) -> Option<String>) -> anyhow::Result<MailConfig> {
    let from = lookup("MAIL_FROM").unwrap_or_else(|| "Pointe <no-reply@pointe.localhost>".to_owned());
    let transport = match lookup("MAIL_TRANSPORT").as_deref().unwrap_or("file") {
        "file" => MailTransport::File(lookup("MAIL_DIR").map_or_else(|| PathBuf::from("data/mail"), PathBuf::from)),
        "smtp" => {
            let tls = match lookup("SMTP_TLS").as_deref().unwrap_or("starttls") {
                "none" => SmtpTls::None,
                "starttls" => SmtpTls::StartTls,
                "tls" => SmtpTls::Tls,
                other => bail!("SMTP_TLS must be none, starttls or tls, not {other}"),
            };
            let default_port = match tls {
                SmtpTls::None => 25,
                SmtpTls::StartTls => 587,
                SmtpTls::Tls => 465,
            };
            MailTransport::Smtp(SmtpConfig {
                host: lookup("SMTP_HOST").context("MAIL_TRANSPORT=smtp needs SMTP_HOST")?,
                port: number(lookup, "SMTP_PORT", default_port)?,
                tls,
                credentials: lookup("SMTP_USERNAME").zip(lookup("SMTP_PASSWORD")),
            })
        }
        other => bail!("MAIL_TRANSPORT must be file or smtp, not {other}"),
    };
    let dns_server = match lookup("MAIL_DNS_SERVER") {
        Some(address) => {
            Some(address.parse().with_context(|| format!("MAIL_DNS_SERVER must be ip:port, not {address}"))?)
        }
        None => None,
    };
    Ok(MailConfig { from, transport, trusted_certificates: lookup("MAIL_CA_FILE").map(PathBuf::from), dns_server })
}
