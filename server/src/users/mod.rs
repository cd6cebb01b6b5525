//! User accounts: the field rules, password hashing and storage, the admin's user calls and groups,
//! and the member's own account page.

mod account;
pub mod admin;
mod directory;
mod groups;
pub mod mailing;
pub mod password;
mod protect;
mod role;
mod routes;
pub mod store;
pub mod validation;

/// The admin's user calls and the member's own account page.
pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(account::routes())
}

/// Any account with a role above a member's: only admins act on these.
pub fn is_staff(user: &UserRecord) -> bool {
    user.is_admin || user.role != Role::User
}

pub use groups::Group;
pub use role::Role;
pub use routes::USER_NOT_FOUND;
pub use store::{CreateUserError, NewUser, Profile, PublicUser, UserRecord};
