//! User accounts: the field rules, password hashing and storage, making accounts, the admin's user
//! calls and groups, and the member's own account page.

mod account;
mod directory;
mod groups;
pub mod mailing;
pub mod password;
mod protect;
mod routes;
pub mod service;
pub mod store;
pub mod validation;

/// The admin's user calls and the member's own account page.
pub fn routes() -> utoipa_axum::router::OpenApiRouter<crate::AppState> {
    routes::routes().merge(account::routes())
}

pub use groups::Group;
pub use routes::USER_NOT_FOUND;
pub use service::{create_account, AccountRefused};
pub use store::{NewAccount, Profile, PublicUser};
