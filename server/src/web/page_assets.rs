//! What a drawn page links in its head, from the build's manifest (`.vite/manifest.json`): the
//! stylesheets of the app's start and of its route's chunk, which the drawn page needs from its first
//! paint, while their scripts come after it (web/src/main.tsx). The entry's own sheet is in `index.html`
//! already. No script is preloaded: on a slow line it would hold back the page's styles and pictures.

use std::{
    collections::{BTreeSet, HashMap},
    path::Path,
};

use serde::Deserialize;

use crate::html::escape;

/// The manifest's entry for `index.html`, whose files the page has already.
const APP_ENTRY: &str = "index.html";
/// The app's start, which the entry fetches once the page is painted.
const APP_START: &str = "src/start.tsx";

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

pub(crate) struct PageAssets {
    chunks: HashMap<String, Chunk>,
}

impl PageAssets {
    /// The manifest in `dist`; none (nothing linked) when the build has none.
    pub(crate) fn load(dist: &Path) -> Self {
        let manifest = std::fs::read_to_string(dist.join(".vite/manifest.json"));
        let chunks = manifest.ok().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
        Self { chunks }
    }

    /// The `<link>`s for a page drawn by the app's `module` (its source path, when a chunk of its own).
    pub(crate) fn links(&self, module: Option<&str>) -> String {
        let (mut styles, mut seen) = (BTreeSet::new(), BTreeSet::new());
        for key in std::iter::once(APP_START).chain(module) {
            self.collect(key, &mut styles, &mut seen);
        }
        styles
            .iter()
            .map(|file| format!("<link rel=\"stylesheet\" crossorigin href=\"/{}\">\n", escape(file)))
            .collect()
    }

    /// The stylesheets of the chunk and of the chunks it imports, short of the app's entry.
    fn collect<'a>(&'a self, key: &'a str, styles: &mut BTreeSet<&'a String>, seen: &mut BTreeSet<&'a str>) {
        let Some(chunk) = self.chunks.get(key).filter(|_| key != APP_ENTRY) else { return };
        if !seen.insert(key) {
            return;
        }
        styles.extend(&chunk.css);
        for import in &chunk.imports {
            self.collect(import, styles, seen);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_links_the_stylesheets_of_the_start_and_its_chunk_but_not_the_entrys() {
        let manifest = r#"{
            "index.html": {"file": "assets/index-1.js", "css": ["assets/index-1.css"], "imports": ["_shared-1.js"]},
            "src/start.tsx": {"file": "assets/start-1.js", "css": ["assets/start-1.css"], "imports": ["index.html"]},
            "_shared-1.js": {"file": "assets/shared-1.js", "css": ["assets/shared-1.css"]},
            "src/features/blog/BlogPostPage.tsx": {"file": "assets/Post-1.js", "imports": ["index.html", "_shared-1.js", "_blog-1.js"]},
            "_blog-1.js": {"file": "assets/blog-1.js", "css": ["assets/blog-1.css"], "imports": ["_shared-1.js"]}
        }"#;
        let assets = PageAssets { chunks: serde_json::from_str(manifest).unwrap() };
        let sheet = |file: &str| format!("<link rel=\"stylesheet\" crossorigin href=\"/assets/{file}\">\n");
        assert_eq!(
            assets.links(Some("src/features/blog/BlogPostPage.tsx")),
            [sheet("blog-1.css"), sheet("shared-1.css"), sheet("start-1.css")].concat()
        );
        assert_eq!(assets.links(None), sheet("start-1.css"));
    }
}
