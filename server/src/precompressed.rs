//! An answer kept in memory with compressed copies (the web app's files, the public reads' JSON): each
//! request gets the best encoding it accepts, or 304 when it holds the answer's tag.

use axum::{
    body::{Body, Bytes},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::Response,
};

pub struct Precompressed {
    pub content_type: HeaderValue,
    pub etag: HeaderValue,
    /// `None` when only the compressed copies are kept (the web app's files, whose plain bytes would be
    /// half of them): the rare client that accepts neither gets the gzip copy unpacked.
    pub identity: Option<Bytes>,
    pub brotli: Option<Bytes>,
    pub gzip: Option<Bytes>,
}

impl Precompressed {
    /// What it weighs, with its copies.
    pub fn bytes(&self) -> usize {
        self.identity.as_ref().map_or(0, Bytes::len)
            + self.brotli.as_ref().map_or(0, Bytes::len)
            + self.gzip.as_ref().map_or(0, Bytes::len)
    }

    pub fn respond(&self, request: &HeaderMap, cache_control: &'static str) -> Response {
        let mut response = Response::builder()
            .header(header::CACHE_CONTROL, cache_control)
            .header(header::ETAG, self.etag.clone())
            .header(header::CONTENT_TYPE, self.content_type.clone());
        if self.brotli.is_some() || self.gzip.is_some() {
            response = response.header(header::VARY, "accept-encoding");
        }
        let not_modified = request.get(header::IF_NONE_MATCH).is_some_and(|tags| etag_matches(tags, &self.etag));
        let response = if not_modified {
            response.status(StatusCode::NOT_MODIFIED).body(Body::empty())
        } else {
            let accepted = request.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
            let (encoding, bytes) = match (&self.brotli, &self.gzip) {
                (Some(brotli), _) if accepts(accepted, "br") => (Some("br"), brotli.clone()),
                (_, Some(gzip)) if accepts(accepted, "gzip") => (Some("gzip"), gzip.clone()),
                _ => (None, self.plain()),
            };
            if let Some(encoding) = encoding {
                response = response.header(header::CONTENT_ENCODING, encoding);
            }
            response.body(Body::from(bytes))
        };
        response.expect("the headers are valid")
    }

    /// The plain bytes: kept, or unpacked from the gzip copy (checked when it was kept).
    fn plain(&self) -> Bytes {
        match (&self.identity, &self.gzip) {
            (Some(identity), _) => identity.clone(),
            (None, Some(gzip)) => gunzip(gzip).map(Bytes::from).unwrap_or_default(),
            (None, None) => Bytes::new(),
        }
    }
}

/// What a gzip copy holds.
pub(crate) fn gunzip(gzip: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut plain = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(gzip), &mut plain)?;
    Ok(plain)
}

/// Weak comparison, as RFC 9110 asks for GET: `W/"x"` and `"x"` name the same answer.
fn etag_matches(if_none_match: &HeaderValue, etag: &HeaderValue) -> bool {
    let Ok(tags) = if_none_match.to_str() else { return false };
    let own = etag.to_str().unwrap_or_default().trim_start_matches("W/");
    tags.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == own)
}

/// Whether `Accept-Encoding` allows `coding` (listed, or `*`, and not with `q=0`).
fn accepts(accept_encoding: &str, coding: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
        (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(accepts("gzip, deflate, br", "br"));
        assert!(accepts("gzip;q=1.0, br;q=0.5", "br"));
        assert!(!accepts("gzip, br;q=0", "br"));
        assert!(accepts("*", "gzip"));
        assert!(!accepts("", "gzip"));
        assert!(!accepts("x-gzip-not", "gzip"));
    }

    #[test]
    fn if_none_match_accepts_lists_weak_tags_and_star() {
        let tag = HeaderValue::from_static("\"abc\"");
        assert!(etag_matches(&HeaderValue::from_static("\"x\", \"abc\""), &tag));
        assert!(etag_matches(&HeaderValue::from_static("W/\"abc\""), &tag));
        assert!(etag_matches(&HeaderValue::from_static("*"), &tag));
        assert!(!etag_matches(&HeaderValue::from_static("\"abcd\""), &tag));
        assert!(etag_matches(&HeaderValue::from_static("\"abc\""), &HeaderValue::from_static("W/\"abc\"")));
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// An entity tag as servers write them: quoted visible ASCII, no comma.
    const TAG: &str = "\"[!#-+\\--~]{0,30}\"";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_coding_is_accepted_only_when_listed_or_starred(
            header in "\\PC{0,200}|[a-zA-Z*,;=q. 0-9]{0,200}",
            coding in prop::sample::select(vec!["br", "gzip"]),
        ) {
            if accepts(&header, coding) {
                prop_assert!(header.to_ascii_lowercase().contains(coding) || header.contains('*'));
            }
        }

        #[test]
        fn a_listed_coding_is_accepted_unless_its_weight_is_zero(
            others in prop::collection::vec("[a-z-]{1,8}", 0..5),
            weight in prop::option::of(0..=1000u32),
            upper in any::<bool>(),
        ) {
            let coding = if upper { "GZIP" } else { "gzip" };
            let listed = match weight {
                Some(weight) => format!("{coding};q={}.{:03}", weight / 1000, weight % 1000),
                None => coding.to_owned(),
            };
            let header: Vec<String> = others.iter().filter(|other| *other != "gzip").cloned().chain([listed]).collect();
            prop_assert_eq!(accepts(&header.join(", "), "gzip"), weight != Some(0));
        }

        #[test]
        fn any_if_none_match_is_read_without_panicking(
            value in prop::collection::vec(any::<u8>(), 0..300),
            tag in TAG,
        ) {
            if let Ok(value) = HeaderValue::from_bytes(&value) {
                let matched = etag_matches(&value, &HeaderValue::from_str(&tag).unwrap());
                if matched {
                    let text = value.to_str().unwrap();
                    prop_assert!(text.contains('*') || text.contains(&tag[1..]));
                }
            }
        }

        #[test]
        fn a_list_holding_the_tag_strong_or_weak_matches(
            others in prop::collection::vec(TAG, 0..5),
            tag in TAG,
            weak in any::<bool>(),
            at in any::<prop::sample::Index>(),
        ) {
            let own = HeaderValue::from_str(&tag).unwrap();
            let mut list = others.clone();
            list.insert(at.index(list.len() + 1), if weak { format!("W/{tag}") } else { tag.clone() });
            prop_assert!(etag_matches(&HeaderValue::from_str(&list.join(", ")).unwrap(), &own));
            let without: Vec<&String> = others.iter().filter(|other| **other != tag).collect();
            let without = without.iter().map(|other| other.as_str()).collect::<Vec<_>>().join(", ");
            prop_assert!(!etag_matches(&HeaderValue::from_str(&without).unwrap(), &own));
            prop_assert!(etag_matches(&HeaderValue::from_static("*"), &own));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn large_headers_are_read(item in "[a-z-]{1,10}(;q=0\\.[0-9])?", tag in TAG, repeat in 40_000..60_000usize) {
            let accept = vec![item.as_str(); repeat].join(", ");
            prop_assert!(accept.len() > 100_000);
            accepts(&accept, "br");
            let tags = format!("{}, W/{tag}", vec![tag.as_str(); repeat].join(", "));
            prop_assert!(etag_matches(&HeaderValue::from_str(&tags).unwrap(), &HeaderValue::from_str(&tag).unwrap()));
        }
    }
}
