//! User accounts: the field rules, password hashing and storage.

pub mod admin;
pub mod password;
pub mod store;
pub mod validation;

pub use store::{CreateUserError, NewUser, Profile, PublicUser, UserRecord};
