//! User accounts: the field rules, password hashing and storage, making accounts, the admin's user
//! calls and groups, and the member's own account page.

mod account;
mod directory;
mod groups;
pub(crate) mod mailing;
pub mod password;
mod protect;
mod routes;
pub(crate) mod service;
pub mod store;
pub(crate) mod validation;

/// The admin's user calls and the member's own account page.
pub(crate) fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(account::routes())
}

pub(crate) use groups::Group;
pub(crate) use routes::USER_NOT_FOUND;
pub(crate) use service::{create_account, AccountRefused};
pub(crate) use store::PublicUser;
pub use store::{NewAccount, Profile};
