//! The admin dashboard's own calls (`routes`): `GET /api/admin/stats` (the index page's counts) and the
//! overview of how the site is doing.

mod routes;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::stats)).routes(routes!(routes::overview))
}
