//! Which page a path is, and its title and description in each language.

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
    Finder,
    FinderCompare,
    FinderQuestionnaire,
    Shoe(&'a str),
    Fit,
    Blog,
    BlogPost(&'a str),
    Login,
    Signup,
    Tips,
    Account,
    RequestPasswordReset,
    ResetPassword,
    Terms,
    Privacy,
    Unsubscribe,
    Admin,
    NotFound,
}

impl<'a> Page<'a> {
    /// The web app routes the same paths (web/src/app/routes.tsx; web/src/app/pageRoutes.test.ts reads
    /// these arms and fails when the two lists differ).
    pub fn from_path(path: &'a str) -> Page<'a> {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        let segments: Vec<&str> = path.split('/').skip(1).collect();
        match segments.as_slice() {
            [""] => Page::Home,
            ["products"] => Page::Products,
            ["brand", id] if !id.is_empty() => Page::Brand(id),
            ["finder"] => Page::Finder,
            ["finder", "compare"] => Page::FinderCompare,
            ["finder", "my-feet"] => Page::FinderQuestionnaire,
            ["shoe", id] if !id.is_empty() => Page::Shoe(id),
            ["fit"] => Page::Fit,
            ["blog"] => Page::Blog,
            ["blog", slug] if !slug.is_empty() => Page::BlogPost(slug),
            ["login"] => Page::Login,
            ["signup"] => Page::Signup,
            ["tips"] => Page::Tips,
            ["account"] => Page::Account,
            ["request-password-reset"] => Page::RequestPasswordReset,
            ["reset-password"] => Page::ResetPassword,
            ["terms"] => Page::Terms,
            ["privacy"] => Page::Privacy,
            ["unsubscribe"] => Page::Unsubscribe,
            ["admin", ..] => Page::Admin,
            _ => Page::NotFound,
        }
    }

    /// Whether the server draws the page (ssr/): the pages of content, which a visitor or crawler reads
    /// as they come; forms and members' pages are drawn by the app.
    pub fn drawn_on_server(self) -> bool {
        matches!(
            self,
            Page::Home
                | Page::Products
                | Page::Brand(_)
                | Page::Finder
                | Page::FinderCompare
                | Page::Shoe(_)
                | Page::Blog
                | Page::BlogPost(_)
                | Page::Terms
                | Page::Privacy
        )
    }

    /// The query parameters the app's page reads (besides `lang`, which every page takes): the page
    /// is drawn and kept by these alone (web/src/features/finder/filters.ts and CompareTray.tsx,
    /// catalogue/ProductsPage.tsx, blog/BlogPage.tsx).
    pub fn query_parameters(self) -> &'static [&'static str] {
        match self {
            Page::Finder => &[
                "lang",
                "maker",
                "boxShape",
                "platformWidth",
                "shankStrength",
                "vampLength",
                "wingHeight",
                "heelHeight",
                "footShape",
                "availability",
                "level",
                "technology",
                "width",
                "size",
                "priceMin",
                "priceMax",
                "sort",
                "compare",
            ],
            Page::FinderCompare => &["lang", "compare"],
            Page::Shoe(_) => &["lang", "variant"],
            Page::Products => &["lang", "brand", "page"],
            Page::Blog => &["lang", "page", "category"],
            _ => &["lang"],
        }
    }

    /// The path a page is kept and described under: the admin's pages are one page (the app chooses
    /// the screen), any other its path without trailing slashes.
    pub fn kept_path(self, path: &str) -> &str {
        match self {
            Page::Admin => "/admin",
            _ if path.len() > 1 => path.trim_end_matches('/'),
            _ => path,
        }
    }

    /// The app's module that draws the page, when it is a chunk of its own (web/src/app/routes.tsx).
    pub fn module(self) -> Option<&'static str> {
        match self {
            Page::Products => Some("src/features/catalogue/ProductsPage.tsx"),
            Page::Brand(_) => Some("src/features/catalogue/BrandPage.tsx"),
            Page::Finder => Some("src/features/finder/FinderPage.tsx"),
            Page::FinderCompare => Some("src/features/finder/ComparePage.tsx"),
            Page::FinderQuestionnaire => Some("src/features/finder/QuestionnairePage.tsx"),
            Page::Shoe(_) => Some("src/features/finder/ShoePage.tsx"),
            Page::Fit => Some("src/features/fit/FitPage.tsx"),
            Page::Blog => Some("src/features/blog/BlogPage.tsx"),
            Page::BlogPost(_) => Some("src/features/blog/BlogPostPage.tsx"),
            Page::Terms | Page::Privacy => Some("src/features/legal/LegalPage.tsx"),
            _ => None,
        }
    }

    /// The key of the page's texts under `meta` in the locale files.
    fn key(self) -> &'static str {
        match self {
            Page::Home => "home",
            Page::Products => "products",
            Page::Brand(_) => "brand",
            Page::Finder => "finder",
            Page::FinderCompare => "finderCompare",
            Page::FinderQuestionnaire => "finderQuestionnaire",
            Page::Shoe(_) => "shoe",
            Page::Fit => "fit",
            Page::Blog => "blog",
            Page::BlogPost(_) => "blogPost",
            Page::Login => "login",
            Page::Signup => "signup",
            Page::Tips => "tips",
            Page::Account => "account",
            Page::RequestPasswordReset => "requestPasswordReset",
            Page::ResetPassword => "resetPassword",
            Page::Terms => "terms",
            Page::Privacy => "privacy",
            Page::Unsubscribe => "unsubscribe",
            Page::Admin => "admin",
            Page::NotFound => "notFound",
        }
    }
}

/// One of each page, to load every page's texts.
const ALL_PAGES: [Page<'static>; 21] = [
    Page::Home,
    Page::Products,
    Page::Brand(""),
    Page::Finder,
    Page::FinderCompare,
    Page::FinderQuestionnaire,
    Page::Shoe(""),
    Page::Fit,
    Page::Blog,
    Page::BlogPost(""),
    Page::Login,
    Page::Signup,
    Page::Tips,
    Page::Account,
    Page::RequestPasswordReset,
    Page::ResetPassword,
    Page::Terms,
    Page::Privacy,
    Page::Unsubscribe,
    Page::Admin,
    Page::NotFound,
];

/// Title and description of every page in every language.
pub struct PageTexts {
    texts: HashMap<(Lang, &'static str), (String, String)>,
    site_names: HashMap<Lang, String>,
}

impl PageTexts {
    pub fn load() -> anyhow::Result<Self> {
        let mut texts = HashMap::new();
        let mut site_names = HashMap::new();
        for (lang, source) in LOCALES {
            let locale: Value =
                serde_json::from_str(source).with_context(|| format!("locale {} is invalid", lang.code()))?;
            let site_name =
                locale["site"]["name"].as_str().ok_or_else(|| anyhow!("locale {} lacks site.name", lang.code()))?;
            site_names.insert(lang, site_name.to_owned());
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
        Ok(Self { texts, site_names })
    }

    pub fn site_name(&self, lang: Lang) -> &str {
        &self.site_names[&lang]
    }

    /// The blog list's title and description (a feed's channel).
    pub fn blog_texts(&self, lang: Lang) -> (String, String) {
        self.get(Page::Blog, lang, "")
    }

    /// The page's title and description; `{{name}}` is replaced by `name` (a brand's or a post's).
    pub fn get(&self, page: Page, lang: Lang, name: &str) -> (String, String) {
        let (title, description) = &self.texts[&(lang, page.key())];
        (title.replace("{{name}}", name), description.replace("{{name}}", name))
    }
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
        assert_eq!(Page::from_path("/blog/first-pointe-shoes"), Page::BlogPost("first-pointe-shoes"));
        assert_eq!(Page::from_path("/admin/users"), Page::Admin);
        assert_eq!(Page::from_path("/finder/compare"), Page::FinderCompare);
        assert_eq!(Page::from_path("/shoe/bloch-alpha"), Page::Shoe("bloch-alpha"));
        assert_eq!(Page::from_path("/finder/other"), Page::NotFound);
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
    fn every_locale_names_the_site_as_e_mails_do() {
        let texts = PageTexts::load().unwrap();
        for lang in Lang::ALL {
            assert_eq!(texts.site_name(lang), crate::site::BUILT_IN_NAME, "{}", lang.code());
        }
    }
}
