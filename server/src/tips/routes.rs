//! `GET /api/tips`: the members' tips, for signed-in users.

use axum::Json;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::service::{self, Tips};
use crate::{
    access::extract::SignedIn,
    extract::ApiQuery,
    lang::{Lang, LangQuery},
    AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(tips))
}

/// The tips in the asked language (falling back to Hebrew); signed-in users only.
#[utoipa::path(get, path = "/api/tips", tag = "tips", params(LangQuery), security(("bearer" = [])),
    responses((status = 200, body = Tips), (status = 401, description = "Authentication required")))]
async fn tips(_user: SignedIn, ApiQuery(query): ApiQuery<LangQuery>) -> Json<Tips> {
    Json(service::tips(Lang::from_tag(query.lang.as_deref())))
}
