//! The server's whole configuration: one typed struct read from the environment (and `.env`).
//! Every variable is documented in the README's configuration table.

use std::{net::IpAddr, path::PathBuf};

use anyhow::{bail, Context};

#[derive(Clone, Debug)]
pub struct Config {
    pub host: IpAddr,
    pub port: u16,
    pub database_url: String,
    /// Folder with the built web app (`index.html`, `assets/`, `images/`).
    pub web_dist: PathBuf,
    /// Absolute origin used for canonical and hreflang links, e.g. `https://pointe.example`.
    pub public_url: String,
    pub contact_email: String,
    /// Creates this admin at start when no user has the name yet (all three must be set).
    pub bootstrap_admin: Option<BootstrapAdmin>,
}

#[derive(Clone, Debug)]
pub struct BootstrapAdmin {
    pub username: String,
    pub email: String,
    pub password: String,
}

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/pointe.db";

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
        let public_url = lookup("PUBLIC_URL")
            .unwrap_or_else(|| format!("http://{host}:{port}"))
            .trim_end_matches('/')
            .to_owned();
        let bootstrap_admin = match (lookup("ADMIN_USERNAME"), lookup("ADMIN_EMAIL"), lookup("ADMIN_PASSWORD")) {
            (Some(username), Some(email), Some(password)) => Some(BootstrapAdmin { username, email, password }),
            (None, None, None) => None,
            _ => bail!("ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD must be set together"),
        };
        Ok(Self {
            host,
            port,
            database_url: lookup("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            web_dist: lookup("WEB_DIST").map_or_else(|| PathBuf::from("web/dist"), PathBuf::from),
            public_url,
            contact_email: lookup("CONTACT_EMAIL").unwrap_or_else(|| "contact@example.org".to_owned()),
            bootstrap_admin,
        })
    }
}
