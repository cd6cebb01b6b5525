//! `POST /api/admin/log-error`: the web app's crash reports from signed-in users, kept for the admins.
//! Fields are cut to a bounded size and the body is limited, so a report cannot fill the database.

mod routes;
mod store;

pub use routes::routes;
