use std::path::PathBuf;

use anyhow::Context;

use super::{
    head,
    page::{Page, PageTexts},
    page_meta,
    security_headers::{content_security_policy, ExtraSources},
    static_files::StaticFiles,
};
use crate::{botcheck, config::BotCheck, lang::Lang, AppState};
use axum::{
    extract::{Request, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};

/// Marker in the built `index.html` that the page's `<head>` entries replace.
const HEAD_MARK: &str = "<!--app-head-->";
/// The `<html>` tag of the built `index.html`, replaced by the visitor's language and direction.
const HTML_TAG: &str = "<html lang=\"he\" dir=\"rtl\">";

const YEAR: &str = "public, max-age=31536000, immutable";
const HOUR: &str = "public, max-age=3600";

pub struct WebApp {
    files: StaticFiles,
    /// The built `index.html`, or `None` when the web app has not been built.
    template: Option<String>,
    pub texts: PageTexts,
}

impl WebApp {
    pub fn load(dist: PathBuf) -> anyhow::Result<Self> {
        let template = std::fs::read_to_string(dist.join("index.html")).ok();
        if template.is_none() {
            tracing::warn!(dist = %dist.display(), "no built web app (index.html); run `make build`");
        }
        let files =
            StaticFiles::load(&dist).with_context(|| format!("cannot read the web app in {}", dist.display()))?;
        Ok(Self { files, template, texts: PageTexts::load()? })
    }
}

/// Every path outside `/api`: a public file if one exists, else the app's page for the route.
pub async fn serve(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let is_file = path.rsplit('/').next().is_some_and(|last| last.contains('.')) && path != "/index.html";
    let lang = page_language(query.as_deref(), request.headers());
    if !is_file {
        return render_page(&state, &path, lang).await;
    }
    let cache = if path.starts_with("/assets/") { YEAR } else { HOUR };
    match state.web.files.answer(&path, request.headers(), cache) {
        Some(response) => response,
        None => render_page(&state, "/404", lang).await,
    }
}

/// The cookie in which the web app keeps the visitor's language (beside local storage).
const LANGUAGE_COOKIE: &str = "i18nextLng";

/// The page's language, chosen as the web app chooses it: `?lang`, then the language cookie, then the
/// browser's `Accept-Language`, then Hebrew. A value that is not a site language is passed over.
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

async fn render_page(state: &AppState, path: &str, lang: Lang) -> Response {
    let Some(template) = &state.web.template else {
        return (StatusCode::SERVICE_UNAVAILABLE, "The web app is not built: run `make build`.").into_response();
    };
    let (page, mut head) = page_meta::describe(state, path, lang).await;
    let built_in = state.web.texts.site_name(lang);
    let identity = state.settings.get::<crate::site::SiteIdentity>(&state.db).await.unwrap_or_default();
    let site_name = identity.name_or(built_in);
    head.title = with_site_name(&head.title, built_in, site_name);
    let html = template
        .replacen(
            HTML_TAG,
            &format!("<html lang=\"{}\" dir=\"{}\">", lang.code(), if lang.is_rtl() { "rtl" } else { "ltr" }),
            1,
        )
        .replacen(HEAD_MARK, &head::render(&head, &state.config.public_url, site_name), 1);
    let status = if page == Page::NotFound { StatusCode::NOT_FOUND } else { StatusCode::OK };
    let csp = match page_sources(state).await {
        Ok(sources) => content_security_policy(&sources),
        Err(err) => {
            tracing::warn!(error = %err, "settings unreadable; the page allows no other origin");
            content_security_policy(&ExtraSources::default())
        }
    };
    (
        status,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            // The language comes from these when the address does not name it.
            (header::VARY, HeaderValue::from_static("Cookie, Accept-Language")),
            (header::CONTENT_SECURITY_POLICY, csp),
        ],
        html,
    )
        .into_response()
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
