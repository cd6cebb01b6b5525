//! The `<head>` markup each page gets from the server: title, description, canonical address,
//! language alternates, Open Graph and Twitter card tags, an RSS link, and JSON-LD.

use serde_json::Value;

use crate::{
    html::{absolute, escape, page_url},
    lang::Lang,
};

/// What the server knows about the page being sent.
pub(crate) struct Head<'a> {
    pub title: String,
    pub description: String,
    pub lang: Lang,
    /// The page's path, e.g. `/brand/bloch`.
    pub path: &'a str,
    /// A site path or absolute address of the page's picture.
    pub image: Option<String>,
    /// Open Graph type: `website` or `article`.
    pub kind: &'static str,
    /// schema.org data, written as JSON-LD.
    pub structured: Option<Value>,
    /// Whether to link the blog's feed in this language.
    pub feed: bool,
}

/// Open Graph's locale for a language.
fn og_locale(lang: Lang) -> &'static str {
    match lang {
        Lang::He => "he_IL",
        Lang::En => "en_US",
        Lang::Ru => "ru_RU",
        Lang::Fr => "fr_FR",
        Lang::Es => "es_ES",
    }
}

/// JSON for inside `<script>`: no `<` at all, so neither `</script>` nor `<!--` can appear.
fn script_json(value: &Value) -> String {
    script_safe(&value.to_string())
}

/// JSON text made safe for inside `<script>` the same way (`<` only appears in JSON's strings, where
/// `\u003c` means the same).
pub(crate) fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

pub(crate) fn render(head: &Head, origin: &str, site_name: &str) -> String {
    let canonical = page_url(origin, head.path, head.lang);
    let meta = |attribute: &str, name: &str, content: &str| {
        format!("<meta {attribute}=\"{name}\" content=\"{}\">\n", escape(content))
    };
    let mut out = format!("<title>{}</title>\n", escape(&head.title));
    out += &meta("name", "description", &head.description);
    out += &format!("<link rel=\"canonical\" href=\"{}\">\n", escape(&canonical));
    for alternate in Lang::ALL {
        out += &format!(
            "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\">\n",
            alternate.code(),
            escape(&page_url(origin, head.path, alternate))
        );
    }
    out += &format!(
        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">\n",
        escape(&format!("{origin}{}", head.path))
    );
    if head.feed {
        let feed = format!("{origin}/blog/rss/{}.xml", head.lang.code());
        out += &format!(
            "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"{}\" href=\"{}\">\n",
            escape(site_name),
            escape(&feed)
        );
    }
    out += &meta("property", "og:site_name", site_name);
    out += &meta("property", "og:type", head.kind);
    out += &meta("property", "og:title", &head.title);
    out += &meta("property", "og:description", &head.description);
    out += &meta("property", "og:url", &canonical);
    out += &meta("property", "og:locale", og_locale(head.lang));
    for alternate in Lang::ALL.into_iter().filter(|l| *l != head.lang) {
        out += &meta("property", "og:locale:alternate", og_locale(alternate));
    }
    let image = head.image.as_deref().filter(|i| !i.is_empty()).map(|i| absolute(origin, i));
    out += &meta("name", "twitter:card", if image.is_some() { "summary_large_image" } else { "summary" });
    out += &meta("name", "twitter:title", &head.title);
    out += &meta("name", "twitter:description", &head.description);
    if let Some(image) = &image {
        out += &meta("property", "og:image", image);
        out += &meta("name", "twitter:image", image);
    }
    if let Some(data) = &head.structured {
        out += &format!("<script type=\"application/ld+json\">{}</script>\n", script_json(data));
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn head(title: &str, structured: Option<Value>) -> Head<'static> {
        Head {
            title: title.to_owned(),
            description: "d".to_owned(),
            lang: Lang::En,
            path: "/p",
            image: Some("/i.png".to_owned()),
            kind: "article",
            structured,
            feed: true,
        }
    }

    #[test]
    fn escapes_and_lists_alternates() {
        let out = render(&head("A <b> & \"c\"", None), "http://x", "Pointe");
        assert!(out.contains("<title>A &lt;b&gt; &amp; &quot;c&quot;</title>"));
        assert!(out.contains("hreflang=\"ru\" href=\"http://x/p?lang=ru\""));
        assert!(out.contains("rel=\"canonical\" href=\"http://x/p?lang=en\""));
        assert!(out.contains("<meta property=\"og:image\" content=\"http://x/i.png\">"));
        assert!(out.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
        assert!(out.contains("href=\"http://x/blog/rss/en.xml\""));
        let hebrew = render(&Head { lang: Lang::He, ..head("t", None) }, "http://x", "Pointe");
        assert!(hebrew.contains("rel=\"canonical\" href=\"http://x/p\""));
        assert!(hebrew.contains("hreflang=\"he\" href=\"http://x/p\""));
    }

    #[test]
    fn structured_data_cannot_close_its_script() {
        let out =
            render(&head("t", Some(json!({ "name": "</script><script>alert(1)</script>" }))), "http://x", "Pointe");
        assert_eq!(out.matches("</script>").count(), 1, "{out}");
        assert!(out.contains("\\u003c/script>"));
    }
}
