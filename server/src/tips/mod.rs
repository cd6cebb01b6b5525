//! The members' tips (`GET /api/tips`): six sections shipped in `content/tips.json`, for signed-in users
//! (routes.rs), and searchable by the assistant (service.rs).

mod routes;
mod service;

pub(crate) use routes::routes;
pub(crate) use service::searchable;
