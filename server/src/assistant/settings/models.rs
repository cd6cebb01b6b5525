//! Which model the assistant's gateway asks in each language (spec §3): any name the configured
//! OpenAI-compatible endpoint knows; `CHOICES` are suggestions.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::settings::{Editable, Stored};
use crate::{fields::FieldErrors, lang::Lang};

/// Multilingual instruction models to suggest (Workers AI's names, as Cloudflare's AI Gateway takes them).
pub(crate) const CHOICES: [&str; 4] = [
    "@cf/meta/llama-3.1-8b-instruct",
    "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
    "@cf/mistralai/mistral-small-3.1-24b-instruct",
    "@cf/google/gemma-3-12b-it",
];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AiModels {
    #[schema(pattern = r"\S", max_length = 200)]
    pub en: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub he: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub es: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub fr: String,
    #[schema(pattern = r"\S", max_length = 200)]
    pub ru: String,
}

impl Default for AiModels {
    fn default() -> Self {
        let model = CHOICES[0].to_owned();
        Self { en: model.clone(), he: model.clone(), es: model.clone(), fr: model.clone(), ru: model }
    }
}

impl AiModels {
    /// The model asked for questions in `lang`.
    pub(crate) fn for_lang(&self, lang: Lang) -> &str {
        match lang {
            Lang::He => &self.he,
            Lang::En => &self.en,
            Lang::Ru => &self.ru,
            Lang::Fr => &self.fr,
            Lang::Es => &self.es,
        }
    }
}

impl Stored for AiModels {
    const KEY: &'static str = "aiModels";
}

impl Editable for AiModels {
    fn check(&self, errors: &mut FieldErrors) {
        for lang in Lang::ALL {
            errors.required(lang.code(), self.for_lang(lang), 200);
        }
    }
}
