//! How long the audit log keeps entries (an admin setting, routes.rs); the cleanup job deletes older ones.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::fields::FieldErrors;
use crate::settings::{Editable, Stored};

pub(crate) const DAYS: std::ops::RangeInclusive<u32> = 7..=3650;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct AuditRetention {
    #[schema(minimum = 7, maximum = 3650)]
    pub retention_days: u32,
}

impl Default for AuditRetention {
    fn default() -> Self {
        Self { retention_days: 365 }
    }
}

impl Stored for AuditRetention {
    const KEY: &'static str = "auditRetention";
}

impl Editable for AuditRetention {
    fn check(&self, errors: &mut FieldErrors) {
        errors.within("retentionDays", self.retention_days, DAYS);
    }
}
