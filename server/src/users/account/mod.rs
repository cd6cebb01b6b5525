//! The member's own account page: profile fields, e-mail language and newsletter choice, a password
//! change (which ends their other sessions), and their sessions with "log out other sessions".

mod routes;
mod service;

pub(crate) use routes::routes;
