//! External web analytics (spec §3, §7): a Google Analytics measurement id (`G-…`) and a Cloudflare Web
//! Analytics token. Public at `GET /api/config/analytics` and `GET /api/config/cloudflare-analytics`
//! (routes.rs); the pages' CSP allows each provider's script and beacon only while its id is set.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::settings::{Editable, Stored};
use crate::{
    error::{ErrorCode, Text},
    fields::FieldErrors,
    security_headers::ExtraSources,
};

pub(crate) const MEASUREMENT_ID_RULE: Text =
    Text::new(ErrorCode::NotAMeasurementId, "Must start with G- followed by letters and digits");
pub(crate) const CLOUDFLARE_TOKEN_RULE: Text =
    Text::new(ErrorCode::NotACloudflareToken, "Must be the 32-character token from Cloudflare");

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub(crate) struct Analytics {
    /// Blank: Google Analytics is off.
    #[schema(pattern = "^(G-[A-Za-z0-9]{4,20})?$")]
    pub measurement_id: String,
    /// Blank: Cloudflare Web Analytics is off.
    #[schema(pattern = "^([0-9A-Fa-f]{32})?$")]
    pub cloudflare_token: String,
}

impl Stored for Analytics {
    const KEY: &'static str = "analytics";
}

impl Editable for Analytics {
    fn check(&self, errors: &mut FieldErrors) {
        let id = self.measurement_id.as_str();
        let well_formed = id
            .strip_prefix("G-")
            .is_some_and(|rest| (4..=20).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_alphanumeric()));
        if !id.is_empty() && !well_formed {
            errors.fail("measurementId", MEASUREMENT_ID_RULE);
        }
        let token = self.cloudflare_token.as_str();
        let well_formed = token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit());
        if !token.is_empty() && !well_formed {
            errors.fail("cloudflareToken", CLOUDFLARE_TOKEN_RULE);
        }
    }
}

/// Where Google's tag loads from and sends to (Google's CSP guide for GA4).
pub(crate) const GOOGLE_SCRIPT_ORIGIN: &str = "https://*.googletagmanager.com";
pub(crate) const GOOGLE_CONNECT_ORIGINS: [&str; 3] =
    ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];
pub(crate) const GOOGLE_IMAGE_ORIGINS: [&str; 2] = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];
/// Where Cloudflare's beacon loads from and sends to.
pub(crate) const CLOUDFLARE_SCRIPT_ORIGIN: &str = "https://static.cloudflareinsights.com";
pub(crate) const CLOUDFLARE_CONNECT_ORIGIN: &str = "https://cloudflareinsights.com";

impl Analytics {
    /// The origins the pages' CSP adds for the providers that are on.
    pub(crate) fn sources(&self) -> ExtraSources {
        let mut sources = ExtraSources::default();
        if !self.measurement_id.is_empty() {
            sources.scripts.push(GOOGLE_SCRIPT_ORIGIN);
            sources.connects.extend(GOOGLE_CONNECT_ORIGINS);
            sources.images.extend(GOOGLE_IMAGE_ORIGINS);
        }
        if !self.cloudflare_token.is_empty() {
            sources.scripts.push(CLOUDFLARE_SCRIPT_ORIGIN);
            sources.connects.push(CLOUDFLARE_CONNECT_ORIGIN);
        }
        sources
    }
}
