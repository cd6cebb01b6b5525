//! Who may do what in the admin area (docs/permissions.md). Checked on the server for every
//! admin call; the client shows only the admin screens a user's permissions open.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{Role, UserRecord},
    error::{ApiError, ApiResult, ErrorCode, Text},
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
    /// The web app's crash reports (admins only: a report may quote what a member typed).
    Crashes,
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
    Permission::Crashes,
];

/// A permission as a type, for `RequirePermission<P>` (auth/extract.rs).
pub(crate) trait Area {
    const PERMISSION: Permission;
}

/// One type per permission, named as its variant.
pub(crate) mod area {
    use super::{Area, Permission};

    macro_rules! areas {
        ($($name:ident),*) => {$(
            pub(crate) struct $name;
            impl Area for $name {
                const PERMISSION: Permission = Permission::$name;
            }
        )*};
    }

    areas!(Catalogue, Blog, Users, Sessions, AuditLogs, Settings, Email, Analytics, Ai, Cache, Crashes);
}

pub(crate) const FORBIDDEN: Text = Text::new(ErrorCode::Forbidden, "You do not have permission to do this");

/// The permission table: admin — everything (crash reports are theirs alone); editor — catalogue, blog, analytics, and e-mail templates and
/// campaigns (the mailbox and signing settings are the admin's: `require_admin`); moderator — users, sessions
/// and audit logs; user — nothing. The `isAdmin` flag counts as the admin role.
pub(crate) fn of(user: &UserRecord) -> &'static [Permission] {
    if user.is_admin {
        return EVERYTHING;
    }
    match user.role {
        Role::Admin => EVERYTHING,
        Role::Editor => &[Permission::Catalogue, Permission::Blog, Permission::Email, Permission::Analytics],
        Role::Moderator => &[Permission::Users, Permission::Sessions, Permission::AuditLogs],
        Role::User => &[],
    }
}

/// 403 unless the user holds `permission`.
pub(crate) fn require(user: &UserRecord, permission: Permission) -> ApiResult<()> {
    if of(user).contains(&permission) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(FORBIDDEN))
    }
}

/// 403 unless the user is an admin: giving roles and admin state, and acting on other staff accounts,
/// is theirs alone (a moderator could otherwise raise themselves).
pub(crate) fn require_admin(user: &UserRecord) -> ApiResult<()> {
    if user.is_admin || user.role == Role::Admin {
        Ok(())
    } else {
        Err(ApiError::Forbidden(FORBIDDEN))
    }
}

/// 403 unless the user holds some admin permission (the dashboard itself).
pub(crate) fn require_staff(user: &UserRecord) -> ApiResult<()> {
    if of(user).is_empty() {
        Err(ApiError::Forbidden(FORBIDDEN))
    } else {
        Ok(())
    }
}

/// Any account with a role above a member's: only admins act on these.
pub(crate) fn is_staff(user: &UserRecord) -> bool {
    user.is_admin || user.role != Role::User
}
