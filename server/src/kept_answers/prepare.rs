//! An answer made ready to keep: gzip and brotli copies, and an entity tag from its content; or, for
//! an answer not kept, the tag alone (the response layer compresses it at its quicker level).

use std::io::Write;

use axum::{body::Bytes, http::HeaderValue};
use sha2::{Digest, Sha256};

use crate::{encoding::hex, precompressed::Precompressed};

/// Compressed once per miss, so at strong levels; an answer is a few kilobytes.
const GZIP_LEVEL: u32 = 9;
const BROTLI_QUALITY: i32 = 9;

/// The answer with its compressed copies, made on a blocking thread: the strong levels take tens of
/// milliseconds for a large page, which would hold up the requests sharing an async thread.
pub(crate) async fn prepare(content_type: HeaderValue, identity: Bytes) -> Precompressed {
    tokio::task::spawn_blocking(move || compressed(content_type, identity))
        .await
        .expect("compressing in memory does not panic")
}

/// The answer as it is, with its tag.
pub(crate) fn plain(content_type: HeaderValue, identity: Bytes) -> Precompressed {
    Precompressed { content_type, etag: etag(&identity), identity: Some(identity), brotli: None, gzip: None }
}

// Weak: the same tag names the answer in each of its encodings.
fn etag(identity: &[u8]) -> HeaderValue {
    HeaderValue::try_from(format!("W/\"{}\"", hex(&Sha256::digest(identity)[..12])))
        .expect("hex is a valid header value")
}

fn compressed(content_type: HeaderValue, identity: Bytes) -> Precompressed {
    let etag = etag(&identity);
    let smaller = |compressed: Vec<u8>| (compressed.len() < identity.len()).then(|| Bytes::from(compressed));
    let gzip = smaller(gzip(&identity));
    let brotli = smaller(brotli(&identity));
    Precompressed { content_type, etag, identity: Some(identity), brotli, gzip }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(GZIP_LEVEL));
    encoder.write_all(bytes).and_then(|()| encoder.finish()).expect("writing to memory does not fail")
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: BROTLI_QUALITY, ..Default::default() };
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).expect("writing to memory does not fail");
    out
}
