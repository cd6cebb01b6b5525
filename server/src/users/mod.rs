//! User accounts. This issue brings what creating the first admin needs; sign-up and login build on it.

pub mod admin;
pub mod password;
mod store;
pub mod validation;

pub use store::{create_user, CreateUserError, NewUser};
