//! The members' tips: six sections shipped in `content/tips.json`, read once, each in a language.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::lang::Lang;

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
pub(crate) struct SectionText {
    title: String,
    paragraphs: Vec<String>,
    points: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Section {
    /// choosing, fitting, breakingIn, care, safety or disclaimer
    id: String,
    #[serde(flatten)]
    text: SectionText,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Tips {
    sections: Vec<Section>,
}

static CONTENT: LazyLock<Content> =
    LazyLock::new(|| serde_json::from_str(TIPS_JSON).expect("content/tips.json is valid (checked by a test)"));

/// Every section in `lang`, falling back to Hebrew.
pub(super) fn tips(lang: Lang) -> Tips {
    Tips { sections: sections(lang).map(|(id, text)| Section { id: id.to_owned(), text: text.clone() }).collect() }
}

/// Each section's id and text in `lang`, falling back to Hebrew.
fn sections(lang: Lang) -> impl Iterator<Item = (&'static str, &'static SectionText)> {
    CONTENT.sections.iter().filter_map(move |section| {
        let text = section.translations.get(lang.code()).or_else(|| section.translations.get(Lang::DEFAULT.code()))?;
        Some((section.id.as_str(), text))
    })
}

/// Each section's id, title and pieces of text (paragraphs, then points) in `lang`, for the assistant.
pub(crate) fn searchable(lang: Lang) -> Vec<(String, String, Vec<String>)> {
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
