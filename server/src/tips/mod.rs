//! The members' tips (`GET /api/tips`): six sections shipped in `content/tips.json`, for signed-in users.

use std::sync::LazyLock;

use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    access::extract::SignedIn,
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

const TIPS_JSON: &str = include_str!("../../../content/tips.json");

#[derive(Deserialize)]
struct Content {
    sections: Vec<StoredSection>,
}

#[derive(Deserialize)]
struct StoredSection {
    id: String,
    translations: std::collections::HashMap<String, SectionText>,
}

#[derive(Clone, Deserialize, Serialize, ToSchema)]
pub struct SectionText {
    title: String,
    paragraphs: Vec<String>,
    points: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Section {
    /// choosing, fitting, breakingIn, care, safety or disclaimer
    id: String,
    #[serde(flatten)]
    text: SectionText,
}

#[derive(Serialize, ToSchema)]
pub struct Tips {
    sections: Vec<Section>,
}

static CONTENT: LazyLock<Content> =
    LazyLock::new(|| serde_json::from_str(TIPS_JSON).expect("content/tips.json is valid (checked by a test)"));

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(tips))
}

/// The tips in the asked language (falling back to Hebrew); signed-in users only.
#[utoipa::path(get, path = "/api/tips", tag = "tips", params(LangQuery), security(("bearer" = [])),
    responses((status = 200, body = Tips), (status = 401, description = "Authentication required")))]
async fn tips(_user: SignedIn, ApiQuery(query): ApiQuery<LangQuery>) -> Json<Tips> {
    let lang = Lang::from_tag(query.lang.as_deref());
    Json(Tips {
        sections: sections(lang).map(|(id, text)| Section { id: id.to_owned(), text: text.clone() }).collect(),
    })
}

/// Each section's id and text in `lang`, falling back to Hebrew.
fn sections(lang: Lang) -> impl Iterator<Item = (&'static str, &'static SectionText)> {
    CONTENT.sections.iter().filter_map(move |section| {
        let text = section.translations.get(lang.code()).or_else(|| section.translations.get(Lang::DEFAULT.code()))?;
        Some((section.id.as_str(), text))
    })
}

/// Each section's id, title and pieces of text (paragraphs, then points) in `lang`, for the assistant.
pub fn searchable(lang: Lang) -> Vec<(String, String, Vec<String>)> {
    sections(lang)
        .map(|(id, text)| {
            (id.to_owned(), text.title.clone(), text.paragraphs.iter().chain(&text.points).cloned().collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_sections_in_every_language() {
        let ids: Vec<&str> = CONTENT.sections.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["choosing", "fitting", "breakingIn", "care", "safety", "disclaimer"]);
        for section in &CONTENT.sections {
            for lang in Lang::ALL {
                let text = &section.translations[lang.code()];
                assert!(!text.title.is_empty() && !text.paragraphs.is_empty(), "{} {lang:?}", section.id);
            }
        }
    }
}
