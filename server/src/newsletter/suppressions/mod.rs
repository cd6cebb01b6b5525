//! The suppression list (permission: email): members whose address bounced for good, and lifting one.

mod routes;

pub(crate) use routes::routes;
