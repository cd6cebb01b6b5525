//! User accounts: the field rules, password hashing and storage, the admin's user calls and groups,
//! and the member's own account page.

mod account;
pub mod admin;
mod directory;
mod groups;
pub mod password;
mod protect;
mod routes;
pub mod store;
pub mod validation;

pub use account::{routes as account_routes, ApiDoc as AccountApiDoc};
pub use routes::{routes, ApiDoc};

/// Any account with a role above a member's: only admins act on these.
pub fn is_staff(user: &UserRecord) -> bool {
    user.is_admin != 0 || user.role != "user"
}

pub use store::{CreateUserError, NewUser, Profile, PublicUser, UserRecord};
