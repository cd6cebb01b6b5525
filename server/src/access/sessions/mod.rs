//! Sessions: one row per sign-in (store.rs) and the tokens that name them (tokens.rs: starting, renewing
//! and checking, what the extractors rely on). The admin's and the member's screens over them are the
//! `sessions` feature.

mod store;
mod tokens;

pub(crate) use store::{
    end, end_all_for_user, end_others, forget_before, live, live_count, owner, Revoked, SessionList, Visible,
};
pub use tokens::start;
pub(crate) use tokens::{check, renew, Live};
