use std::path::PathBuf;

use anyhow::Context;

use axum::{
    extract::{Request, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use super::{
    head,
    page::{Page, PageTexts},
    page_meta,
    security_headers::content_security_policy,
    static_files::StaticFiles,
};
use crate::{lang::Lang, AppState};

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
        let files = StaticFiles::load(&dist).with_context(|| format!("cannot read the web app in {}", dist.display()))?;
        Ok(Self { files, template, texts: PageTexts::load()? })
    }
}

/// Every path outside `/api`: a public file if one exists, else the app's page for the route.
pub async fn serve(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let is_file = path.rsplit('/').next().is_some_and(|last| last.contains('.')) && path != "/index.html";
    if !is_file {
        return render_page(&state, &path, query.as_deref()).await;
    }
    let cache = if path.starts_with("/assets/") { YEAR } else { HOUR };
    match state.web.files.answer(&path, request.headers(), cache) {
        Some(response) => response,
        None => render_page(&state, "/404", query.as_deref()).await,
    }
}

async fn render_page(state: &AppState, path: &str, query: Option<&str>) -> Response {
    let Some(template) = &state.web.template else {
        return (StatusCode::SERVICE_UNAVAILABLE, "The web app is not built: run `make build`.").into_response();
    };
    let lang = Lang::from_tag(query_lang(query));
    let (page, head) = page_meta::describe(state, path, lang).await;
    let html = template
        .replacen(HTML_TAG, &format!("<html lang=\"{}\" dir=\"{}\">", lang.code(), if lang.is_rtl() { "rtl" } else { "ltr" }), 1)
        .replacen(HEAD_MARK, &head::render(&head, &state.config.public_url, state.web.texts.site_name(lang)), 1);
    let status = if page == Page::NotFound { StatusCode::NOT_FOUND } else { StatusCode::OK };
    // Pages may frame the social media posts of the providers the admin has enabled, and only those.
    let frames = match state.settings.social_embeds.get(&state.db).await {
        Ok(embeds) => embeds.frame_origins(),
        Err(err) => {
            tracing::warn!(error = %err, "social embed settings unreadable; pages frame no provider");
            Vec::new()
        }
    };
    (
        status,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::CONTENT_SECURITY_POLICY, content_security_policy(&state.config.bot_check, &frames)),
        ],
        html,
    )
        .into_response()
}

fn query_lang(query: Option<&str>) -> Option<&str> {
    query?.split('&').find_map(|pair| pair.strip_prefix("lang="))
}
