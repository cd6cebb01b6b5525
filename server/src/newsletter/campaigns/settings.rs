//! How campaigns are sent (an admin setting, routes.rs): the pace and parallel connections of each instance's
//! sender, and whether opens and clicks are tracked.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    email,
    error::{ErrorCode, Text},
    fields::FieldErrors,
    settings::{Editable, Stored},
};

pub(crate) const RATE_RANGE: Text = Text::new(ErrorCode::RateOutOfRange, "Between 1 and 1000 messages a second");
pub(crate) const CONCURRENCY_RANGE: Text = Text::new(ErrorCode::ConcurrencyOutOfRange, "Between 1 and 50 connections");

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub(crate) struct SendingSettings {
    /// Messages a second, per instance.
    #[schema(minimum = 1, maximum = 1000)]
    pub rate_per_second: u32,
    /// Messages in flight at once, per instance (also the most that can go twice after a crash).
    #[schema(minimum = 1, maximum = 50)]
    pub concurrency: u32,
    /// An open pixel and click links through this site. Off: neither, and no open or click figures.
    pub tracking: bool,
}

impl Default for SendingSettings {
    fn default() -> Self {
        Self { rate_per_second: 50, concurrency: 5, tracking: true }
    }
}

impl Stored for SendingSettings {
    const KEY: &'static str = "campaignSending";
}

impl Editable for SendingSettings {
    fn check(&self, errors: &mut FieldErrors) {
        if !(1..=1000).contains(&self.rate_per_second) {
            errors.fail("ratePerSecond", RATE_RANGE);
        }
        if !(1..=email::MAX_SMTP_CONNECTIONS).contains(&self.concurrency) {
            errors.fail("concurrency", CONCURRENCY_RANGE);
        }
    }
}
