//! The built web app's files, read into memory once at start: a few megabytes that every visitor asks
//! for, so each answer is a map lookup instead of file-system calls. Copies the build precompressed
//! (`name.br`, `name.gz`) are sent to browsers that accept them; other files are compressed on the fly
//! by the compression layer.

use std::{
    collections::HashMap,
    hash::{DefaultHasher, Hash, Hasher},
    path::Path,
};

use axum::{
    body::{Body, Bytes},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::Response,
};

/// A file and the compressed copies the build made of it.
struct StaticFile {
    content_type: HeaderValue,
    etag: HeaderValue,
    identity: Bytes,
    brotli: Option<Bytes>,
    gzip: Option<Bytes>,
}

#[derive(Default)]
pub struct StaticFiles {
    by_path: HashMap<String, StaticFile>,
}

impl StaticFiles {
    /// Reads every file under `dist` except the page template and the compressed copies themselves.
    pub fn load(dist: &Path) -> std::io::Result<Self> {
        let mut files = Self::default();
        if dist.is_dir() {
            files.read_dir(dist, dist)?;
        }
        Ok(files)
    }

    fn read_dir(&mut self, root: &Path, dir: &Path) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                self.read_dir(root, &path)?;
                continue;
            }
            let is_copy = matches!(path.extension().and_then(|e| e.to_str()), Some("br" | "gz"));
            let Some(url) = url_path(root, &path) else { continue };
            if is_copy || url == "/index.html" {
                continue;
            }
            let identity = Bytes::from(std::fs::read(&path)?);
            let copy = |suffix: &str| std::fs::read(format!("{}.{suffix}", path.display())).ok().map(Bytes::from);
            let content_type = mime_guess::from_path(&path).first_or_octet_stream();
            self.by_path.insert(
                url,
                StaticFile {
                    content_type: HeaderValue::from_str(content_type.as_ref()).expect("a MIME type is a valid header"),
                    etag: etag(&identity),
                    brotli: copy("br"),
                    gzip: copy("gz"),
                    identity,
                },
            );
        }
        Ok(())
    }

    /// The answer for `path`, or `None` when there is no such file.
    pub fn answer(&self, path: &str, request: &HeaderMap, cache_control: &'static str) -> Option<Response> {
        let file = self.by_path.get(path)?;
        let mut response = Response::builder()
            .header(header::CACHE_CONTROL, cache_control)
            .header(header::ETAG, file.etag.clone())
            .header(header::CONTENT_TYPE, file.content_type.clone());
        if file.brotli.is_some() || file.gzip.is_some() {
            response = response.header(header::VARY, "accept-encoding");
        }
        let not_modified = request.get(header::IF_NONE_MATCH).is_some_and(|tags| etag_matches(tags, &file.etag));
        let response = if not_modified {
            response.status(StatusCode::NOT_MODIFIED).body(Body::empty())
        } else {
            let accepted = request.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
            let (encoding, bytes) = match (&file.brotli, &file.gzip) {
                (Some(brotli), _) if accepts(accepted, "br") => (Some("br"), brotli),
                (_, Some(gzip)) if accepts(accepted, "gzip") => (Some("gzip"), gzip),
                _ => (None, &file.identity),
            };
            if let Some(encoding) = encoding {
                response = response.header(header::CONTENT_ENCODING, encoding);
            }
            response.body(Body::from(bytes.clone()))
        };
        Some(response.expect("the headers are valid"))
    }
}

/// `/assets/x.js` for `DIST/assets/x.js`; `None` for a name that is not UTF-8.
fn url_path(root: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(root).ok()?;
    let parts: Option<Vec<&str>> = relative.components().map(|c| c.as_os_str().to_str()).collect();
    Some(format!("/{}", parts?.join("/")))
}

/// A strong validator from the content, so an unchanged file keeps its tag across restarts and builds.
fn etag(bytes: &[u8]) -> HeaderValue {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    HeaderValue::from_str(&format!("\"{:016x}\"", hasher.finish())).expect("hex is a valid header")
}

fn etag_matches(if_none_match: &HeaderValue, etag: &HeaderValue) -> bool {
    let Ok(tags) = if_none_match.to_str() else { return false };
    let own = etag.to_str().unwrap_or_default();
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
    }
}
