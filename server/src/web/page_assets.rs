//! What a drawn page links in its head, from the build's manifest (`.vite/manifest.json`): the
//! stylesheets of its route's chunk, which it needs before its script runs (the app's own sheet is in
//! `index.html` already), and preloads of that chunk's scripts and of its language's texts, which the
//! app fetches before it takes the page over.

use std::{
    collections::{BTreeSet, HashMap},
    path::Path,
};

use serde::Deserialize;

use super::head::escape;
use crate::lang::Lang;

/// The manifest's entry for `index.html`, whose files the page has already.
const APP_ENTRY: &str = "index.html";

#[derive(Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

#[derive(Default)]
pub struct PageAssets {
    chunks: HashMap<String, Chunk>,
}

impl PageAssets {
    /// The manifest in `dist`; none (nothing linked) when the build has none.
    pub fn load(dist: &Path) -> Self {
        let manifest = std::fs::read_to_string(dist.join(".vite/manifest.json"));
        let chunks = manifest.ok().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
        Self { chunks }
    }

    /// The `<link>`s for a page drawn by the app's `module` (its source path) in `lang`.
    pub fn links(&self, module: Option<&str>, lang: Lang) -> String {
        let (mut styles, mut scripts) = (BTreeSet::new(), BTreeSet::new());
        if let Some(module) = module {
            self.collect(module, &mut styles, &mut scripts);
        }
        if let Some(texts) = self.chunks.get(&format!("src/i18n/locales/{}.json", lang.code())) {
            scripts.insert(&texts.file);
        }
        let link = |rel: &str, file: &str| format!("<link rel=\"{rel}\" crossorigin href=\"/{}\">\n", escape(file));
        styles
            .iter()
            .map(|file| link("stylesheet", file))
            .chain(scripts.iter().map(|file| link("modulepreload", file)))
            .collect()
    }

    /// The chunk's files and those of the chunks it imports, short of the app's entry.
    fn collect<'a>(&'a self, key: &str, styles: &mut BTreeSet<&'a String>, scripts: &mut BTreeSet<&'a String>) {
        let Some(chunk) = self.chunks.get(key).filter(|_| key != APP_ENTRY) else { return };
        if !scripts.insert(&chunk.file) {
            return;
        }
        styles.extend(&chunk.css);
        for import in &chunk.imports {
            self.collect(import, styles, scripts);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_links_its_chunks_styles_and_scripts_but_not_the_apps() {
        let manifest = r#"{
            "index.html": {"file": "assets/index-1.js", "css": ["assets/index-1.css"], "imports": ["_shared-1.js"]},
            "_shared-1.js": {"file": "assets/shared-1.js", "css": ["assets/shared-1.css"]},
            "src/features/blog/BlogPostPage.tsx": {"file": "assets/Post-1.js", "imports": ["index.html", "_shared-1.js", "_blog-1.js"]},
            "_blog-1.js": {"file": "assets/blog-1.js", "css": ["assets/blog-1.css"], "imports": ["_shared-1.js"]},
            "src/i18n/locales/en.json": {"file": "assets/en-1.js"}
        }"#;
        let assets = PageAssets { chunks: serde_json::from_str(manifest).unwrap() };
        let links = assets.links(Some("src/features/blog/BlogPostPage.tsx"), Lang::En);
        for expected in [
            "rel=\"stylesheet\" crossorigin href=\"/assets/blog-1.css\"",
            "rel=\"stylesheet\" crossorigin href=\"/assets/shared-1.css\"",
            "rel=\"modulepreload\" crossorigin href=\"/assets/Post-1.js\"",
            "rel=\"modulepreload\" crossorigin href=\"/assets/en-1.js\"",
        ] {
            assert!(links.contains(expected), "{expected} in {links}");
        }
        assert!(!links.contains("index-1"), "{links}");
        assert_eq!(assets.links(None, Lang::He), "", "no Hebrew texts chunk in this manifest");
    }
}
