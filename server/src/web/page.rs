//! Which page a path is, and the `<head>` that page gets in each language.

use std::collections::HashMap;

use anyhow::{anyhow, Context};
use serde_json::Value;

use crate::lang::Lang;

/// The web app's locale files: the server reads their `meta` section so the page titles and
/// descriptions it sends are the same texts the app shows.
const LOCALES: [(Lang, &str); 5] = [
    (Lang::He, include_str!("../../../web/src/i18n/locales/he.json")),
    (Lang::En, include_str!("../../../web/src/i18n/locales/en.json")),
    (Lang::Ru, include_str!("../../../web/src/i18n/locales/ru.json")),
    (Lang::Fr, include_str!("../../../web/src/i18n/locales/fr.json")),
    (Lang::Es, include_str!("../../../web/src/i18n/locales/es.json")),
];

/// A route of the web app, as far as the server needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page<'a> {
    Home,
    Products,
    Brand(&'a str),
    Blog,
    BlogPost,
    Login,
    Signup,
    Tips,
    RequestPasswordReset,
    ResetPassword,
    Terms,
    Privacy,
    Admin,
    NotFound,
}

impl<'a> Page<'a> {
    pub fn from_path(path: &'a str) -> Page<'a> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        let segments: Vec<&str> = path.split('/').skip(1).collect();
        match segments.as_slice() {
            [""] => Page::Home,
            ["products"] => Page::Products,
            ["brand", id] if !id.is_empty() => Page::Brand(id),
            ["blog"] => Page::Blog,
            ["blog", slug] if !slug.is_empty() => Page::BlogPost,
            ["login"] => Page::Login,
            ["signup"] => Page::Signup,
            ["tips"] => Page::Tips,
            ["request-password-reset"] => Page::RequestPasswordReset,
            ["reset-password"] => Page::ResetPassword,
            ["terms"] => Page::Terms,
            ["privacy"] => Page::Privacy,
            ["admin", ..] => Page::Admin,
            _ => Page::NotFound,
        }
    }

    /// The key of the page's texts under `meta` in the locale files.
    fn key(self) -> &'static str {
        match self {
            Page::Home => "home",
            Page::Products => "products",
            Page::Brand(_) => "brand",
            Page::Blog => "blog",
            Page::BlogPost => "blogPost",
            Page::Login => "login",
            Page::Signup => "signup",
            Page::Tips => "tips",
            Page::RequestPasswordReset => "requestPasswordReset",
            Page::ResetPassword => "resetPassword",
            Page::Terms => "terms",
            Page::Privacy => "privacy",
            Page::Admin => "admin",
            Page::NotFound => "notFound",
        }
    }
}

/// One of each page, to load every page's texts.
const ALL_PAGES: [Page<'static>; 14] = [
    Page::Home,
    Page::Products,
    Page::Brand(""),
    Page::Blog,
    Page::BlogPost,
    Page::Login,
    Page::Signup,
    Page::Tips,
    Page::RequestPasswordReset,
    Page::ResetPassword,
    Page::Terms,
    Page::Privacy,
    Page::Admin,
    Page::NotFound,
];

/// Title and description of every page in every language.
pub struct PageTexts {
    texts: HashMap<(Lang, &'static str), (String, String)>,
}

impl PageTexts {
    pub fn load() -> anyhow::Result<Self> {
        let mut texts = HashMap::new();
        for (lang, source) in LOCALES {
            let locale: Value = serde_json::from_str(source).with_context(|| format!("locale {} is invalid", lang.code()))?;
            for key in ALL_PAGES.map(Page::key) {
                let text = |field: &str| {
                    locale["meta"][key][field]
                        .as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| anyhow!("locale {} lacks meta.{key}.{field}", lang.code()))
                };
                texts.insert((lang, key), (text("title")?, text("description")?));
            }
        }
        Ok(Self { texts })
    }

    /// The page's title and description; `{{name}}` is replaced by `name` (a brand page's brand).
    pub fn get(&self, page: Page, lang: Lang, name: &str) -> (String, String) {
        let (title, description) = &self.texts[&(lang, page.key())];
        (title.replace("{{name}}", name), description.replace("{{name}}", name))
    }
}

fn escape(text: &str) -> String {
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

/// The markup that replaces `<!--app-head-->`: title, description, canonical and hreflang links.
pub fn head(title: &str, description: &str, lang: Lang, origin: &str, path: &str) -> String {
    let url = |code: &str| escape(&format!("{origin}{path}?lang={code}"));
    let mut head = format!(
        "<title>{title}</title>\n<meta name=\"description\" content=\"{description}\">\n\
         <meta property=\"og:title\" content=\"{title}\">\n<meta property=\"og:description\" content=\"{description}\">\n\
         <link rel=\"canonical\" href=\"{canonical}\">\n",
        title = escape(title),
        description = escape(description),
        canonical = url(lang.code()),
    );
    for alternate in Lang::ALL {
        head.push_str(&format!("<link rel=\"alternate\" hreflang=\"{code}\" href=\"{href}\">\n", code = alternate.code(), href = url(alternate.code())));
    }
    head.push_str(&format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">", escape(&format!("{origin}{path}"))));
    head
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_map_to_pages() {
        assert_eq!(Page::from_path("/"), Page::Home);
        assert_eq!(Page::from_path("/products/"), Page::Products);
        assert_eq!(Page::from_path("/brand/bloch"), Page::Brand("bloch"));
        assert_eq!(Page::from_path("/brand/"), Page::NotFound);
        assert_eq!(Page::from_path("/blog/first-pointe-shoes"), Page::BlogPost);
        assert_eq!(Page::from_path("/admin/users"), Page::Admin);
        assert_eq!(Page::from_path("/products/extra"), Page::NotFound);
        assert_eq!(Page::from_path("/index.html"), Page::NotFound);
    }

    #[test]
    fn every_language_has_every_page_text() {
        let texts = PageTexts::load().unwrap();
        let (title, _) = texts.get(Page::Brand("bloch"), Lang::En, "Bloch");
        assert!(title.contains("Bloch"));
    }

    #[test]
    fn head_escapes_and_lists_alternates() {
        let head = head("A <b> & \"c\"", "d", Lang::En, "http://x", "/p");
        assert!(head.contains("<title>A &lt;b&gt; &amp; &quot;c&quot;</title>"));
        assert!(head.contains("hreflang=\"ru\" href=\"http://x/p?lang=ru\""));
        assert!(head.contains("rel=\"canonical\" href=\"http://x/p?lang=en\""));
    }
}
