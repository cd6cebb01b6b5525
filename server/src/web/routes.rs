use std::path::PathBuf;

use anyhow::Context;

use axum::{
    extract::{Request, State},
    http::{header, StatusCode},
    response::{IntoResponse, Response},
};
use super::{
    page::{head, Page, PageTexts},
    static_files::StaticFiles,
};
use crate::{catalogue, lang::Lang, AppState};

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
    texts: PageTexts,
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
    let mut page = Page::from_path(path);
    let mut name = String::new();
    if let Page::Brand(id) = page {
        match catalogue::brand_name(&state.db, id, lang).await {
            Ok(Some(found)) => name = found,
            Ok(None) => page = Page::NotFound,
            // The page itself still works; the app shows the database error when it asks the API.
            Err(err) => tracing::warn!(error = %err, "brand lookup for page title failed"),
        }
    }
    let (title, description) = state.web.texts.get(page, lang, &name);
    let html = template
        .replacen(HTML_TAG, &format!("<html lang=\"{}\" dir=\"{}\">", lang.code(), if lang.is_rtl() { "rtl" } else { "ltr" }), 1)
        .replacen(HEAD_MARK, &head(&title, &description, lang, &state.config.public_url, path), 1);
    let status = if page == Page::NotFound { StatusCode::NOT_FOUND } else { StatusCode::OK };
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
        html,
    )
        .into_response()
}

fn query_lang(query: Option<&str>) -> Option<&str> {
    query?.split('&').find_map(|pair| pair.strip_prefix("lang="))
}
