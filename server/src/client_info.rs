//! Who is asking: the client's IP address and browser, for sessions, rate limits and the audit log.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRef, FromRequestParts},
    http::{header, request::Parts},
};

use crate::{config::Config, AppState};

pub(crate) const MAX_USER_AGENT: usize = 512;

#[derive(Clone, Debug)]
pub struct ClientInfo {
    pub ip: String,
    pub user_agent: String,
}

impl ClientInfo {
    /// What rate limits count by: the address, or an IPv6 address's /64, the network one subscriber is
    /// given and may fill with as many addresses as it likes. An IPv4 address in IPv6 form is itself.
    pub fn rate_key(&self) -> String {
        match self.ip.parse::<IpAddr>() {
            Ok(IpAddr::V6(address)) => match address.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let [a, b, c, d, ..] = address.segments();
                    format!("{a:x}:{b:x}:{c:x}:{d:x}::/64")
                }
            },
            _ => self.ip.clone(),
        }
    }

    /// A short browser name such as "Firefox 120 (Linux)" from the user agent.
    pub fn browser(&self) -> String {
        match woothee::parser::Parser::new().parse(&self.user_agent) {
            Some(found) if found.name != "UNKNOWN" => {
                let version = found.version.split('.').next().unwrap_or_default();
                format!("{} {} ({})", found.name, version, found.os).replace("  ", " ")
            }
            _ => "Unknown browser".to_owned(),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientInfo
where
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let config = AppState::from_ref(state).config;
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip().to_string());
        let ip = forwarded_for(parts, &config).or(peer).unwrap_or_else(|| "unknown".to_owned());
        let user_agent: String = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .chars()
            .take(MAX_USER_AGENT)
            .collect();
        Ok(Self { ip, user_agent })
    }
}

/// The address a trusted proxy put last in `X-Forwarded-For`; ignored unless `TRUST_PROXY` is set,
/// since anybody can send the header.
fn forwarded_for(parts: &Parts, config: &Config) -> Option<String> {
    if !config.trust_proxy {
        return None;
    }
    let header = parts.headers.get("x-forwarded-for")?.to_str().ok()?;
    let last = header.rsplit(',').next()?.trim();
    last.parse::<IpAddr>().ok().map(|ip| ip.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ip: &str) -> String {
        ClientInfo { ip: ip.to_owned(), user_agent: String::new() }.rate_key()
    }

    #[test]
    fn ipv6_addresses_are_limited_by_their_64_network() {
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:1:2:3"), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
        assert_eq!(key("::ffff:203.0.113.9"), "203.0.113.9");
        assert_eq!(key("203.0.113.9"), "203.0.113.9");
        assert_eq!(key("unknown"), "unknown");
    }
}
