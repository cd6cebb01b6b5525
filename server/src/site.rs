//! Who the site says it is (header and footer): name, slogan and location per language, contact
//! address and website link. Blank texts fall back to the web app's translations; a blank contact or
//! website falls back to `CONTACT_EMAIL` and `PUBLIC_URL`. Public at `GET /api/config/site`.

use std::collections::BTreeMap;

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::settings::{self, Editable, Stored};
use crate::{
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::ApiResult,
    extract::ApiJson,
    fields::{self, is_web_address, FieldErrors},
    finder,
    lang::Lang,
    public_cache,
    users::validation,
    AppState,
};

const NAME_MAX: usize = 60;
const SLOGAN_MAX: usize = 120;
pub const ABSOLUTE_ADDRESS: &str = "Must be a web address starting with http:// or https://";

/// A text per language (he, en, ru, fr, es); a missing or blank one uses the built-in translation.
pub type Texts = BTreeMap<Lang, String>;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SiteIdentity {
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
            errors.fail("websiteUrl", ABSOLUTE_ADDRESS);
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
    pub fn name_or<'a>(&'a self, built_in: &'a str) -> &'a str {
        if self.site_name.trim().is_empty() {
            built_in
        } else {
            self.site_name.trim()
        }
    }
}

pub fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(OpenApiRouter::new().routes(routes!(public_site)))
        .merge(public_cache::changes(OpenApiRouter::new().routes(routes!(admin_site, save_site))))
}

/// What the header and footer show: the site's identity, and the credit owed for the data it shows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PublicSite {
    #[serde(flatten)]
    identity: SiteIdentity,
    /// The credit the shoe models' data set asks of every page that shows it (the footer shows it).
    data_credit: &'static str,
}

/// The site's name, slogan, location, contact address and website, and the data's credit, for the header
/// and footer.
#[utoipa::path(get, path = "/api/config/site", tag = "config", responses((status = 200, body = PublicSite)))]
async fn public_site(State(state): State<AppState>) -> ApiResult<Json<PublicSite>> {
    let mut site = state.settings.get::<SiteIdentity>(&state.db).await?.for_browser();
    if site.contact_email.trim().is_empty() {
        site.contact_email.clone_from(&state.config.contact_email);
    }
    if site.website_url.trim().is_empty() {
        site.website_url.clone_from(&state.config.public_url);
    }
    Ok(Json(PublicSite { identity: site, data_credit: finder::CREDIT }))
}

#[utoipa::path(get, path = "/api/admin/settings/site", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = SiteIdentity), (status = 401), (status = 403)))]
async fn admin_site(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<SiteIdentity>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/site", tag = "admin", security(("bearer" = [])), request_body = SiteIdentity,
    responses((status = 200, body = SiteIdentity), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_site(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(site): ApiJson<SiteIdentity>,
) -> ApiResult<Json<SiteIdentity>> {
    settings::save(&state, &signed_in, &client, site).await
}
