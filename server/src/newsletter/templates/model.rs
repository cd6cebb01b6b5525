//! A template as admins write it, and its checks.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::{
    openapi::{schema::AdditionalProperties, ObjectBuilder, RefOr, Schema, Type},
    PartialSchema, ToSchema,
};

use super::variables;
use crate::{
    error::{ApiResult, ErrorCode, Text},
    fields::{text_field as field, FieldErrors},
    lang::Lang,
};

pub(crate) const NAME_MAX: usize = 100;
pub(crate) const SUBJECT_MAX: usize = 200;
pub(crate) const BODY_MAX: usize = 50_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum TemplateCategory {
    Promotional,
    Newsletter,
    Announcement,
    Welcome,
}

impl TemplateCategory {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Promotional => "promotional",
            Self::Newsletter => "newsletter",
            Self::Announcement => "announcement",
            Self::Welcome => "welcome",
        }
    }

    pub(crate) fn from_code(code: &str) -> Option<Self> {
        [Self::Promotional, Self::Newsletter, Self::Announcement, Self::Welcome].into_iter().find(|c| c.code() == code)
    }
}

/// One language's version.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TemplateText {
    /// Plain text with `{{variables}}`, e.g. "New from {{brandName}}".
    #[schema(pattern = r"\S", max_length = 200)]
    pub subject: String,
    /// Markdown with `{{variables}}`.
    #[schema(pattern = r"\S", max_length = 50000)]
    pub body: String,
}

/// A template as an admin writes it: the languages it has are the languages it supports.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TemplateDraft {
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: String,
    pub category: TemplateCategory,
    /// At least one language.
    #[schema(schema_with = texts_schema)]
    pub translations: BTreeMap<Lang, TemplateText>,
    /// A welcome template only: sent to each new member once their address is verified, in their
    /// language (else Hebrew, else the first it has). Turning it on turns it off on any other.
    #[serde(default)]
    pub sends_welcome: bool,
}

/// Any of the languages (at least one), each a `TemplateText`; no other key.
fn texts_schema() -> utoipa::openapi::Object {
    let RefOr::T(Schema::Object(text)) = TemplateText::schema() else { unreachable!("TemplateText is an object") };
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .min_properties(Some(1));
    for lang in Lang::ALL {
        object = object.property(lang.code(), text.clone());
    }
    object.build()
}

pub(crate) const NO_LANGUAGE: Text =
    Text::new(ErrorCode::TemplateNoLanguage, "Write the template in at least one language");
pub(crate) const WELCOME_ONLY: Text =
    Text::new(ErrorCode::WelcomeOnly, "Only a welcome template can be sent to new members");

impl TemplateDraft {
    /// Trims the name and subjects and checks every field, variables included.
    pub(crate) fn tidy_and_check(&mut self) -> ApiResult<()> {
        self.name = self.name.trim().to_owned();
        for text in self.translations.values_mut() {
            text.subject = text.subject.trim().to_owned();
        }
        let mut errors = FieldErrors::default();
        errors.required("name", &self.name, NAME_MAX);
        if self.translations.is_empty() {
            errors.fail("translations", NO_LANGUAGE);
        }
        if self.sends_welcome && self.category != TemplateCategory::Welcome {
            errors.fail("sendsWelcome", WELCOME_ONLY);
        }
        for (lang, text) in &self.translations {
            check_text(&mut errors, *lang, text);
        }
        errors.finish()
    }
}

/// One language's subject and body: filled, not too long, and only known variables.
pub(crate) fn check_text(errors: &mut FieldErrors, lang: Lang, text: &TemplateText) {
    for (name, value, max) in [("subject", &text.subject, SUBJECT_MAX), ("body", &text.body, BODY_MAX)] {
        let name = field(lang, name);
        errors.required(&name, value, max);
        if let Err(err) = variables::pieces(value) {
            errors.fail(&name, err.problem());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ApiError;

    fn draft(subject: &str, body: &str) -> TemplateDraft {
        TemplateDraft {
            name: " Spring ".into(),
            category: TemplateCategory::Newsletter,
            translations: BTreeMap::from([(Lang::En, TemplateText { subject: subject.into(), body: body.into() })]),
            sends_welcome: false,
        }
    }

    #[test]
    fn names_the_field_and_the_variable_that_is_wrong() {
        let mut ok = draft(" New at {{brandName}} ", "Hi {{username}}");
        ok.tidy_and_check().unwrap();
        assert_eq!((ok.name.as_str(), ok.translations[&Lang::En].subject.as_str()), ("Spring", "New at {{brandName}}"));
        let Err(ApiError::Invalid(fields)) = draft("Hi", "Hi {{userName}}").tidy_and_check() else { panic!() };
        assert_eq!(fields["translations.en.body"].message, "Unknown variable: {{userName}}");
        assert_eq!(fields["translations.en.body"].values["name"], "{{userName}}");
        let Err(ApiError::Invalid(fields)) = draft(" ", "x").tidy_and_check() else { panic!() };
        assert_eq!(fields["translations.en.subject"], crate::error::Problem::from(crate::fields::REQUIRED));
        let mut none = draft("a", "b");
        none.translations.clear();
        let Err(ApiError::Invalid(fields)) = none.tidy_and_check() else { panic!() };
        assert_eq!(fields["translations"], crate::error::Problem::from(NO_LANGUAGE));
    }
}
