//! Who is asking and what they may do, under every feature: the roles and the permission table, the
//! signed-in user's record, the sessions and their signed tokens, the extractors handlers take
//! (`SignedIn`, `MaybeSignedIn`, `RequirePermission`), and the audit log's rows that record an actor.
//! It stands on the ground modules only; signing in (codes, sign-up, reset) is the `auth` feature.

pub(crate) mod audit;
pub(crate) mod extract;
pub(crate) mod permissions;
mod role;
pub(crate) mod sessions;
pub(crate) mod token;
mod user;

pub use role::Role;
pub(crate) use user::UserRecord;
