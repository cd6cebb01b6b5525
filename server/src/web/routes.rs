use std::{path::PathBuf, sync::Arc};

use anyhow::Context;

use super::{
    head,
    page::{Page, PageTexts},
    page_assets::PageAssets,
    page_meta,
    ssr::Renderer,
    static_files::StaticFiles,
};
use crate::{
    botcheck,
    config::BotCheck,
    kept_answers::{self, KeptAnswers, Weighed},
    lang::Lang,
    security_headers::{content_security_policy, ExtraSources},
    AppState,
};
use axum::{
    body::Bytes,
    extract::{Request, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};

/// Marker in the built `index.html` that the page's `<head>` entries replace.
const HEAD_MARK: &str = "<!--app-head-->";
/// The start of the built `index.html`'s `<html>` tag, replaced by the visitor's language and direction
/// (the attributes after them, which Mantine's styles read, stay).
const HTML_TAG: &str = "<html lang=\"he\" dir=\"rtl\"";
/// The app's element in the built `index.html`, which a drawn page fills.
const ROOT: &str = "<div id=\"root\"></div>";
/// What the finished pages may weigh together.
const MAX_PAGE_BYTES: u64 = 32 * 1024 * 1024;

const YEAR: &str = "public, max-age=31536000, immutable";
const HOUR: &str = "public, max-age=3600";

pub struct WebApp {
    files: StaticFiles,
    /// The built `index.html`, or `None` when the web app has not been built.
    template: Option<String>,
    pub texts: PageTexts,
    /// Draws pages on the server (ssr/).
    pub renderer: Renderer,
    /// The finished pages, by address and language (the rendered pages cache).
    pub pages: Arc<KeptAnswers<PageKey>>,
    assets: PageAssets,
}

/// A finished page's address (path and query) and language.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PageKey(String, Lang);

impl Weighed for PageKey {
    fn weight(&self) -> usize {
        self.0.len()
    }
}

impl WebApp {
    /// The built app in `dist`; its render bundle beside it, in `dist-ssr/render.js`.
    pub fn load(dist: PathBuf) -> anyhow::Result<Self> {
        let template = std::fs::read_to_string(dist.join("index.html")).ok();
        if template.is_none() {
            tracing::warn!(dist = %dist.display(), "no built web app (index.html); run `make build`");
        }
        let files =
            StaticFiles::load(&dist).with_context(|| format!("cannot read the web app in {}", dist.display()))?;
        Ok(Self {
            files,
            template,
            texts: PageTexts::load()?,
            renderer: Renderer::new(dist.with_file_name("dist-ssr").join("render.js")),
            pages: Arc::new(KeptAnswers::new(MAX_PAGE_BYTES)),
            assets: PageAssets::load(&dist),
        })
    }
}

/// Every path outside `/api`: a public file if one exists, else the app's page for the route.
pub(crate) async fn serve(State(state): State<AppState>, request: Request) -> Response {
    let uri = request.uri();
    let path = uri.path();
    let is_file = path.rsplit('/').next().is_some_and(|last| last.contains('.')) && path != "/index.html";
    let lang = page_language(uri.query(), request.headers());
    if !is_file {
        return page(&state, path, uri.query(), lang, request.headers()).await;
    }
    let cache = if path.starts_with("/assets/") { YEAR } else { HOUR };
    match state.web.files.answer(path, request.headers(), cache) {
        Some(response) => response,
        None => page(&state, "/404", None, lang, request.headers()).await,
    }
}

/// The cookie in which the web app keeps the visitor's language (beside local storage).
const LANGUAGE_COOKIE: &str = "i18nextLng";

/// The page's language, in the spec's order as the server sees it: `?lang`, then the language cookie (the
/// web app's copy of local storage), then the browser's `Accept-Language`, then Hebrew; a value that is not a
/// site language is passed over. The one place the rule lives: the app starts in the language the page is
/// drawn in (`<html lang>`), local storage's taking over only where the cookie was lost (chosenLanguage.ts).
fn page_language(query: Option<&str>, headers: &HeaderMap) -> Lang {
    let from_query =
        query.and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("lang="))).and_then(Lang::from_code);
    let from_cookie = || {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(';'))
            .find_map(|pair| pair.trim().strip_prefix(LANGUAGE_COOKIE)?.strip_prefix('='))
            .and_then(Lang::from_code)
    };
    let from_browser = || {
        headers.get(header::ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok()).and_then(Lang::from_accept_language)
    };
    from_query.or_else(from_cookie).or_else(from_browser).unwrap_or(Lang::DEFAULT)
}

/// The page at `path`: the finished page when one is kept, else made and kept. It is made and kept by
/// its path and the query parameters it reads (others are left out), and one with parameters besides
/// the language only once asked for again; a page not found is not kept: any address can ask for one.
async fn page(state: &AppState, path: &str, query: Option<&str>, lang: Lang, request: &HeaderMap) -> Response {
    let Some(template) = &state.web.template else {
        return (StatusCode::SERVICE_UNAVAILABLE, "The web app is not built: run `make build`.").into_response();
    };
    let pages = &state.web.pages;
    let kind = Page::from_path(path);
    let path = kind.kept_path(path);
    let kept = kept_answers::kept_query(query, kind.query_parameters(), Lang::from_code);
    let url = if kept.query.is_empty() { path.to_owned() } else { format!("{path}?{}", kept.query) };
    let key = PageKey(url, lang);
    let (status, html) = match pages.lookup(&key).await {
        Ok(kept) => (StatusCode::OK, kept),
        Err(miss) => {
            if let Some(moved) = moved_variant(state, kind, kept.query.as_str()).await {
                pages.not_kept(miss);
                return moved;
            }
            let (page, html) = make_page(state, template, path, &key.0, lang).await;
            let html_type = HeaderValue::from_static("text/html; charset=utf-8");
            let html = match page {
                Made::Whole if pages.admits(&key, kept.open) => {
                    let html = Arc::new(kept_answers::prepare(html_type, html).await);
                    pages.keep(miss, key, html.clone());
                    html
                }
                _ => {
                    pages.not_kept(miss);
                    Arc::new(kept_answers::plain(html_type, html))
                }
            };
            (if matches!(page, Made::NotFound) { StatusCode::NOT_FOUND } else { StatusCode::OK }, html)
        }
    };
    let csp = match page_sources(state).await {
        Ok(sources) => content_security_policy(&sources),
        Err(err) => {
            tracing::warn!(error = %err, "settings unreadable; the page allows no other origin");
            content_security_policy(&ExtraSources::default())
        }
    };
    let mut response = html.respond(request, "no-cache");
    if response.status() == StatusCode::OK {
        *response.status_mut() = status;
    }
    let headers = response.headers_mut();
    // The language comes from the cookie or Accept-Language when the address does not name it.
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding, Cookie, Accept-Language"));
    headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    response
}

/// A variant's old page (`/shoe/{id}` of a model now in a family): a permanent move to its family's page
/// with the variant chosen, in the language the address named. Asked only when no page is kept for the
/// address, so a family's page costs nothing more.
async fn moved_variant(state: &AppState, page: Page<'_>, kept_query: &str) -> Option<Response> {
    let Page::Shoe(id) = page else { return None };
    let family = match crate::finder::family_of_variant(&state.db, id).await {
        Ok(family) => family?,
        Err(err) => {
            tracing::warn!(error = %err, "cannot tell a variant's family; its old page is drawn as it is");
            return None;
        }
    };
    let mut location = format!("/shoe/{family}?variant={id}");
    if let Some(lang) = kept_query.split('&').find(|pair| pair.starts_with("lang=")) {
        location = format!("{location}&{lang}");
    }
    let location = HeaderValue::from_str(&location).ok()?;
    Some((StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, location)]).into_response())
}

/// How a page came out.
enum Made {
    /// As it should be: drawn, or one the server does not draw.
    Whole,
    /// One the server draws, sent for the app to draw (the engine busy or failing).
    Undrawn,
    NotFound,
}

/// The page's HTML: the app's `index.html` with the page's head, language and direction, and the page
/// drawn inside when it is one the server draws.
async fn make_page(state: &AppState, template: &str, path: &str, url: &str, lang: Lang) -> (Made, Bytes) {
    let (page, mut head) = page_meta::describe(state, path, lang).await;
    let built_in = state.web.texts.site_name(lang);
    let identity = state.settings.get::<crate::site::SiteIdentity>(&state.db).await.unwrap_or_default();
    let site_name = identity.name_or(built_in);
    head.title = with_site_name(&head.title, built_in, site_name);
    let mut html = template
        .replacen(
            HTML_TAG,
            &format!("<html lang=\"{}\" dir=\"{}\"", lang.code(), if lang.is_rtl() { "rtl" } else { "ltr" }),
            1,
        )
        .replacen(HEAD_MARK, &head::render(&head, &state.config.public_url, site_name), 1);
    let made = if page == Page::NotFound {
        Made::NotFound
    } else if !page.drawn_on_server() {
        Made::Whole
    } else if let Some(drawn) = state.web.renderer.draw(state, url, lang).await {
        let root = format!(
            "<div id=\"root\">{}</div><script type=\"application/json\" id=\"page-data\">{}</script>",
            drawn.html,
            head::script_safe(&drawn.data)
        );
        let links = state.web.assets.links(page.module());
        html = html.replacen(ROOT, &root, 1).replacen("</head>", &format!("{links}</head>"), 1);
        Made::Whole
    } else {
        Made::Undrawn
    };
    (made, Bytes::from(html))
}

/// The locale's title (which starts or ends with the built-in name) with the admin's name instead.
fn with_site_name(title: &str, built_in: &str, site_name: &str) -> String {
    if let Some(page_part) = title.strip_suffix(built_in) {
        format!("{page_part}{site_name}")
    } else if let Some(page_part) = title.strip_prefix(built_in) {
        format!("{site_name}{page_part}")
    } else {
        title.to_owned()
    }
}

/// Where Cloudflare serves Turnstile's script and the frame it draws the check in.
const TURNSTILE_ORIGIN: &str = "https://challenges.cloudflare.com";

/// What the page may load from elsewhere, by the settings in force: the frames of the enabled social
/// embeds, Turnstile's script and frame when it is the bot-check, the analytics scripts and beacons
/// that are on.
async fn page_sources(state: &AppState) -> Result<ExtraSources, sqlx::Error> {
    let mut sources = ExtraSources {
        frames: state.settings.get::<crate::blog::social_embeds::SocialEmbeds>(&state.db).await?.frame_origins(),
        ..Default::default()
    };
    if matches!(botcheck::settings::effective(state).await?, BotCheck::Turnstile { .. }) {
        sources.scripts.push(TURNSTILE_ORIGIN);
        sources.frames.push(TURNSTILE_ORIGIN);
    }
    let analytics = state.settings.get::<crate::analytics::Analytics>(&state.db).await?.sources();
    sources.scripts.extend(analytics.scripts);
    sources.connects.extend(analytics.connects);
    sources.images.extend(analytics.images);
    Ok(sources)
}
