//! Writing HTML and XML by hand (the pages' heads, the feed, the sitemap): escaping, and a page's absolute
//! address in a language.

use crate::lang::Lang;

/// `&`, `<`, `>`, `"` and `'` as entities: safe in element text and quoted attributes, HTML or XML.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page's address in one language: the plain path is the Hebrew page (what a visitor without a
/// language cookie or browser preference gets), the others take the language as `?lang=`.
pub(crate) fn page_url(origin: &str, path: &str, lang: Lang) -> String {
    if lang == Lang::DEFAULT {
        format!("{origin}{path}")
    } else {
        format!("{origin}{path}?lang={}", lang.code())
    }
}

/// A site path made absolute; an absolute address stays as it is.
pub(crate) fn absolute(origin: &str, url: &str) -> String {
    if url.starts_with('/') {
        format!("{origin}{url}")
    } else {
        url.to_owned()
    }
}
