//! A finished public answer: its bytes as sent, gzip and brotli, and its entity tag.

use std::io::Write;

use axum::{
    body::{Body, Bytes},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};

use crate::encoding::hex;

pub struct Answer {
    content_type: HeaderValue,
    /// Weak: the same tag names the answer in each of its encodings.
    etag: HeaderValue,
    identity: Bytes,
    /// Left out when compressing does not make the answer smaller.
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

/// Compressed once per miss, so at strong levels; a public answer is a few kilobytes.
const GZIP_LEVEL: u32 = 9;
const BROTLI_QUALITY: u32 = 9;

impl Answer {
    pub fn new(content_type: HeaderValue, identity: Bytes) -> Self {
        let etag = HeaderValue::try_from(format!("W/\"{}\"", hex(&Sha256::digest(&identity)[..12])))
            .expect("hex is a valid header value");
        let smaller = |compressed: Vec<u8>| (compressed.len() < identity.len()).then(|| Bytes::from(compressed));
        let gzip = smaller(gzip(&identity));
        let brotli = smaller(brotli(&identity));
        Self { content_type, etag, identity, gzip, brotli }
    }

    /// What the answer weighs in the cache.
    pub fn bytes(&self) -> usize {
        self.identity.len() + self.gzip.as_ref().map_or(0, Bytes::len) + self.brotli.as_ref().map_or(0, Bytes::len)
    }

    /// The answer for a request with these headers: 304 when the client holds it, else the best
    /// encoding the client accepts.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        let mut headers = HeaderMap::new();
        headers.insert(header::ETAG, self.etag.clone());
        // Reuse, but ask first: a 304 costs a round trip and no bytes.
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if holds(request, &self.etag) {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        headers.insert(header::CONTENT_TYPE, self.content_type.clone());
        let accepted = Accepted::from(request);
        let (body, encoding) = match (&self.brotli, &self.gzip) {
            (Some(brotli), _) if accepted.brotli => (brotli.clone(), Some("br")),
            (_, Some(gzip)) if accepted.gzip => (gzip.clone(), Some("gzip")),
            _ => (self.identity.clone(), None),
        };
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        (headers, Body::from(body)).into_response()
    }
}

/// Whether `If-None-Match` names the tag (weak comparison, as RFC 9110 asks for GET).
fn holds(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(tags) = request.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) else { return false };
    let ours = etag.to_str().unwrap_or_default().trim_start_matches("W/");
    tags.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == ours)
}

/// The encodings `Accept-Encoding` allows (a `q=0` refuses one).
#[derive(Default)]
struct Accepted {
    brotli: bool,
    gzip: bool,
}

impl From<&HeaderMap> for Accepted {
    fn from(request: &HeaderMap) -> Self {
        let mut accepted = Self::default();
        let Some(value) = request.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else { return accepted };
        for item in value.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default().to_ascii_lowercase();
            let refused = parts.any(|p| p.strip_prefix("q=").is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q == 0.0)));
            match name.as_str() {
                "br" => accepted.brotli = !refused,
                "gzip" => accepted.gzip = !refused,
                _ => {}
            }
        }
        accepted
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(GZIP_LEVEL));
    encoder.write_all(bytes).and_then(|()| encoder.finish()).expect("writing to memory does not fail")
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: BROTLI_QUALITY as i32, ..Default::default() };
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).expect("writing to memory does not fail");
    out
}

#[cfg(test)]
mod tests {
    use axum::http::{header, HeaderMap, HeaderValue};

    use super::{holds, Accepted};

    fn headers(name: header::HeaderName, value: &'static str) -> HeaderMap {
        HeaderMap::from_iter([(name, HeaderValue::from_static(value))])
    }

    #[test]
    fn reads_accept_encoding_with_its_weights() {
        let accepted = Accepted::from(&headers(header::ACCEPT_ENCODING, "gzip, deflate, br;q=0"));
        assert!(accepted.gzip && !accepted.brotli);
        let accepted = Accepted::from(&headers(header::ACCEPT_ENCODING, "br;q=0.5, GZIP"));
        assert!(accepted.gzip && accepted.brotli);
        assert!(!Accepted::from(&HeaderMap::new()).gzip);
    }

    #[test]
    fn if_none_match_compares_weakly() {
        let etag = HeaderValue::from_static("W/\"abc\"");
        assert!(holds(&headers(header::IF_NONE_MATCH, "\"x\", \"abc\""), &etag));
        assert!(holds(&headers(header::IF_NONE_MATCH, "*"), &etag));
        assert!(!holds(&headers(header::IF_NONE_MATCH, "\"abd\""), &etag));
    }
}
