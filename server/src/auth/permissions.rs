//! Who may do what in the admin area (README: "Roles and permissions"). Checked on the server for every
//! admin call; the client shows only the admin screens a user's permissions open.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::{ApiError, ApiResult},
    users::UserRecord,
};

/// An area of the admin dashboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Permission {
    /// Brands and products.
    Catalogue,
    /// Blog posts and categories.
    Blog,
    /// Users' non-admin fields and groups.
    Users,
    /// Sessions, and revoking them.
    Sessions,
    AuditLogs,
    /// System settings, e-mail provider, bot-check.
    Settings,
    /// Campaigns, templates, POP3 verification.
    Email,
    Analytics,
    /// AI monitoring.
    Ai,
    /// Cache monitoring.
    Cache,
}

const EVERYTHING: &[Permission] = &[
    Permission::Catalogue,
    Permission::Blog,
    Permission::Users,
    Permission::Sessions,
    Permission::AuditLogs,
    Permission::Settings,
    Permission::Email,
    Permission::Analytics,
    Permission::Ai,
    Permission::Cache,
];

pub const FORBIDDEN: &str = "You do not have permission to do this";

/// The permission table: admin — everything; editor — catalogue and blog; moderator — users, sessions
/// and audit logs; user — nothing. The `isAdmin` flag counts as the admin role.
pub fn of(user: &UserRecord) -> &'static [Permission] {
    if user.is_admin != 0 {
        return EVERYTHING;
    }
    match user.role.as_str() {
        "admin" => EVERYTHING,
        "editor" => &[Permission::Catalogue, Permission::Blog],
        "moderator" => &[Permission::Users, Permission::Sessions, Permission::AuditLogs],
        _ => &[],
    }
}

/// 403 unless the user holds `permission`.
pub fn require(user: &UserRecord, permission: Permission) -> ApiResult<()> {
    if of(user).contains(&permission) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(FORBIDDEN))
    }
}

/// 403 unless the user is an admin: giving roles and admin state, and acting on other staff accounts,
/// is theirs alone (a moderator could otherwise raise themselves).
pub fn require_admin(user: &UserRecord) -> ApiResult<()> {
    if user.is_admin != 0 || user.role == "admin" {
        Ok(())
    } else {
        Err(ApiError::Forbidden(FORBIDDEN))
    }
}

/// 403 unless the user holds some admin permission (the dashboard itself).
pub fn require_staff(user: &UserRecord) -> ApiResult<()> {
    if of(user).is_empty() {
        Err(ApiError::Forbidden(FORBIDDEN))
    } else {
        Ok(())
    }
}
