//! What first-party analytics keeps: how long raw page views and events stay (older ones are kept only
//! as daily totals), and whether a search's words are recorded or only how many results it found.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::fields::FieldErrors;
use crate::settings::{Editable, Stored};

pub(crate) const RETENTION_DAYS: std::ops::RangeInclusive<u32> = 30..=3650;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Collection {
    /// Days raw page views and events are kept.
    #[schema(minimum = 30, maximum = 3650)]
    pub retention_days: u32,
    /// Whether a search's words are kept (its number of results always is).
    pub record_search_terms: bool,
}

impl Default for Collection {
    fn default() -> Self {
        Self { retention_days: 400, record_search_terms: true }
    }
}

impl Stored for Collection {
    const KEY: &'static str = "analyticsCollection";
}

impl Editable for Collection {
    fn check(&self, errors: &mut FieldErrors) {
        errors.within("retentionDays", self.retention_days, RETENTION_DAYS);
    }
}
