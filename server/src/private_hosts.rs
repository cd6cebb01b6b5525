//! Addresses an admin sets (the AI providers, the SMTP server, the POP3 mailbox) must not reach this
//! machine or its private network: an admin account is not the machine's owner, and a stolen one must not
//! become a way to probe or call the services behind the firewall (SSRF). Addresses the operator set in
//! the environment are trusted, and `ALLOW_PRIVATE_HOSTS=true` lets admins name private ones too (a site
//! whose own mail or model server lives on its network, and the tests').

use std::{
    net::{IpAddr, SocketAddr},
    sync::Arc,
};

/// The field message, and the error a refused connection reports.
pub(crate) const REFUSED: crate::error::Text = crate::error::Text::new(
    crate::error::ErrorCode::PrivateAddress,
    "Addresses on this machine or a private network are not allowed",
);

/// Loopback, private (RFC 1918, unique-local), link-local (cloud metadata lives there), shared (CGNAT),
/// benchmarking (198.18.0.0/15), reserved (240.0.0.0/4), unspecified, broadcast and multicast addresses.
/// An IPv4 address inside IPv6 counts as itself: mapped, compatible, NAT64 (64:ff9b::/96, which a
/// gateway turns into that IPv4 address) and 6to4 (2002::/16).
pub(crate) fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (18..20).contains(&b))
                || a >= 240
                || a == 0
        }
        IpAddr::V6(v6) => match embedded_ipv4(v6) {
            Some(v4) => is_private(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                v6.is_loopback()
                    || v6.is_unspecified()
                    || v6.is_multicast()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80
            }
        },
    }
}

/// The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64
/// (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::/48).
fn embedded_ipv4(v6: std::net::Ipv6Addr) -> Option<std::net::Ipv4Addr> {
    let segments = v6.segments();
    let from = |high: u16, low: u16| {
        let [a, b] = high.to_be_bytes();
        let [c, d] = low.to_be_bytes();
        std::net::Ipv4Addr::new(a, b, c, d)
    };
    match segments {
        [0, 0, 0, 0, 0, 0xffff, high, low] | [0x64, 0xff9b, 0, 0, 0, 0, high, low] => Some(from(high, low)),
        // Compatible addresses, but not :: and ::1, which are IPv6's own.
        [0, 0, 0, 0, 0, 0, high, low] if high != 0 => Some(from(high, low)),
        [0x2002, high, low, ..] => Some(from(high, low)),
        _ => None,
    }
}

/// Whether `host` is written as a private address or names this machine (checked as the admin saves).
pub(crate) fn names_private(host: &str) -> bool {
    let host = host.trim().trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host.to_ascii_lowercase().ends_with(".localhost")
        || host.parse::<IpAddr>().is_ok_and(is_private)
}

/// The addresses of `host`, when none is private (or private ones are allowed).
pub(crate) async fn resolve(host: &str, port: u16, allow_private: bool) -> std::io::Result<Vec<SocketAddr>> {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let found: Vec<SocketAddr> = tokio::net::lookup_host((host, port)).await?.collect();
    if !allow_private && found.iter().any(|address| is_private(address.ip())) {
        return Err(std::io::Error::new(std::io::ErrorKind::PermissionDenied, REFUSED.english));
    }
    Ok(found)
}

/// reqwest's resolver for admin-set addresses: a name is resolved on every new connection and refused
/// when it leads to a private address, so a name that is public when saved and private later (DNS
/// rebinding) is refused too. Addresses written as IPs are not resolved: `names_private` checks those.
pub(crate) struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found = resolve(&host, 0, false).await?;
            Ok(Box::new(found.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// A client for admin-set addresses: public ones only, and no redirect followed (a redirect would lead
/// the request, and its credentials, elsewhere).
pub(crate) fn public_client(builder: reqwest::ClientBuilder) -> reqwest::Result<reqwest::Client> {
    builder.dns_resolver(Arc::new(PublicOnly)).redirect(reqwest::redirect::Policy::none()).build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_addresses_are_known_by_their_ranges() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "224.0.0.1",
            "198.18.0.1",
            "198.19.255.255",
            "240.0.0.1",
            "255.255.255.255",
            "64:ff9b::7f00:1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::1",
            "2002:c0a8:101::",
            "::10.0.0.1",
        ] {
            assert!(is_private(private.parse().unwrap()), "{private}");
        }
        for public in [
            "93.184.216.34",
            "8.8.8.8",
            "172.32.0.1",
            "100.128.0.1",
            "198.20.0.1",
            "2606:4700::6810:84e5",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert!(!is_private(public.parse().unwrap()), "{public}");
        }
        for host in ["localhost", "LOCALHOST", "mail.localhost", "127.0.0.1", "[::1]", " 10.0.0.5 "] {
            assert!(names_private(host), "{host}");
        }
        assert!(!names_private("smtp.example.org") && !names_private("8.8.8.8"));
    }
}
