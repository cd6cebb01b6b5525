//! The site's identity, a setting with its rules: name, slogan and location per language, contact
//! address and website link.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    fields::{self, is_web_address, FieldErrors},
    lang::Lang,
    settings::{Editable, Stored},
    users::validation,
};

/// The name when the admin gave none, in every language (the web app's locales say the same: a test
/// in `web/page.rs` holds them to it).
pub(crate) const BUILT_IN_NAME: &str = "Pointe";
const NAME_MAX: usize = 60;
const SLOGAN_MAX: usize = 120;

/// A text per language (he, en, ru, fr, es); a missing or blank one uses the built-in translation.
pub(crate) type Texts = BTreeMap<Lang, String>;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub(crate) struct SiteIdentity {
    /// Blank: the built-in "Pointe".
    #[schema(max_length = 60)]
    pub site_name: String,
    #[schema(schema_with = slogans)]
    pub slogan: Texts,
    #[schema(schema_with = locations)]
    pub location: Texts,
    /// Blank: the environment's.
    #[schema(max_length = 254, pattern = r"^(|[^\s@]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)$")]
    pub contact_email: String,
    /// Blank: the environment's.
    #[schema(
        max_length = 2000,
        pattern = r#"^(|https?://[^\s\x00-\x1f\x7f-\x9f"<>/?#@]+([/?#][^\s\x00-\x1f\x7f-\x9f"<>]*)?)$"#
    )]
    pub website_url: String,
}

fn slogans() -> utoipa::openapi::Object {
    fields::schema::language_texts(SLOGAN_MAX)
}

fn locations() -> utoipa::openapi::Object {
    fields::schema::language_texts(validation::LOCATION_MAX_LEN)
}

impl Stored for SiteIdentity {
    const KEY: &'static str = "site";
}

impl Editable for SiteIdentity {
    /// No secrets here; the browser gets a text, maybe blank, for every language.
    fn for_browser(&self) -> Self {
        self.clone().complete()
    }

    fn check(&self, errors: &mut FieldErrors) {
        errors.max_len("siteName", &self.site_name, NAME_MAX);
        for (lang, slogan) in &self.slogan {
            errors.max_len(&format!("slogan.{}", lang.code()), slogan, SLOGAN_MAX);
        }
        for (lang, location) in &self.location {
            errors.rule(&format!("location.{}", lang.code()), validation::location(location));
        }
        if !self.contact_email.trim().is_empty() {
            errors.rule("contactEmail", validation::email(&self.contact_email));
        }
        let url = self.website_url.trim();
        errors.max_len("websiteUrl", url, 2000);
        let absolute = url.starts_with("http") && is_web_address(url);
        if !url.is_empty() && !absolute {
            errors.fail("websiteUrl", fields::HTTP_ADDRESS);
        }
    }
}

impl SiteIdentity {
    /// The same identity with a text, blank if not set, for every language (the shape the web app reads).
    fn complete(mut self) -> Self {
        for lang in Lang::ALL {
            self.slogan.entry(lang).or_default();
            self.location.entry(lang).or_default();
        }
        self
    }

    /// The name pages' heads and e-mails use: the admin's, else `built_in` (the locale's).
    pub(crate) fn name_or<'a>(&'a self, built_in: &'a str) -> &'a str {
        if self.site_name.trim().is_empty() {
            built_in
        } else {
            self.site_name.trim()
        }
    }
}
