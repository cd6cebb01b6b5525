//! The built web app's files, read into memory once at start: a few megabytes that every visitor asks
//! for, so each answer is a map lookup instead of file-system calls. Copies the build precompressed
//! (`name.br`, `name.gz`) are sent to browsers that accept them, and are all that is kept of those files
//! (every browser accepts gzip; the plain bytes, twice the copies' weight, are unpacked for a client that
//! does not). Other files are compressed on the fly by the compression layer.

use std::{
    collections::HashMap,
    hash::{DefaultHasher, Hash, Hasher},
    path::Path,
};

use axum::{
    body::Bytes,
    http::{HeaderMap, HeaderValue},
    response::Response,
};

use crate::precompressed::{gunzip, Precompressed};

#[derive(Default)]
pub(crate) struct StaticFiles {
    by_path: HashMap<String, Precompressed>,
}

impl StaticFiles {
    /// Reads every file under `dist` except the page template and the compressed copies themselves.
    pub(crate) fn load(dist: &Path) -> std::io::Result<Self> {
        let mut files = Self::default();
        if dist.is_dir() {
            files.read_dir(dist, dist)?;
        }
        Ok(files)
    }

    fn read_dir(&mut self, root: &Path, dir: &Path) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            // Dotfiles and dot folders (the build's `.vite` manifest, `.built` stamp) are the build's own.
            if path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                self.read_dir(root, &path)?;
                continue;
            }
            // Source maps stay on the server, for the crash reports (crash_reports/source_maps.rs).
            let is_copy_or_map = matches!(path.extension().and_then(|e| e.to_str()), Some("br" | "gz" | "map"));
            let Some(url) = url_path(root, &path) else { continue };
            if is_copy_or_map || url == "/index.html" {
                continue;
            }
            let identity = Bytes::from(std::fs::read(&path)?);
            let copy = |suffix: &str| std::fs::read(format!("{}.{suffix}", path.display())).ok().map(Bytes::from);
            let content_type = mime_guess::from_path(&path).first_or_octet_stream();
            // A copy is kept in place of the plain bytes only when it holds them.
            let gzip = copy("gz").filter(|gzip| gunzip(gzip).is_ok_and(|plain| plain == identity));
            self.by_path.insert(
                url,
                Precompressed {
                    content_type: HeaderValue::from_str(content_type.as_ref()).expect("a MIME type is a valid header"),
                    etag: etag(&identity),
                    brotli: copy("br"),
                    identity: if gzip.is_some() { None } else { Some(identity) },
                    gzip,
                },
            );
        }
        Ok(())
    }

    /// The answer for `path`, or `None` when there is no such file.
    pub(crate) fn answer(&self, path: &str, request: &HeaderMap, cache_control: &'static str) -> Option<Response> {
        Some(self.by_path.get(path)?.respond(request, cache_control))
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
