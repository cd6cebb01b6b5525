//! `POST /api/fit/recommendations`: the families that suit a profile, for anyone (a visitor's profile is
//! on her device, so it comes in the body; nothing of it is kept).

use axum::{extract::State, Json};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::service::{self, Recommendations};
use crate::{
    client_info::ClientInfo,
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    fitting::profile::FitProfile,
    lang::{Lang, LangQuery},
    ratelimit, AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(recommendations))
}

/// The families that suit `profile` best, each by its best variant with the reasons and warnings in
/// `lang`, and what the profile says on its own. Checked as a saved profile is.
#[utoipa::path(post, path = "/api/fit/recommendations", tag = "fitting", params(LangQuery), request_body = FitProfile,
    responses((status = 200, body = Recommendations), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 429, description = "Too many requests from this address")))]
async fn recommendations(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiQuery(query): ApiQuery<LangQuery>,
    ApiJson(profile): ApiJson<FitProfile>,
) -> ApiResult<Json<Recommendations>> {
    ratelimit::hit(&state, &ratelimit::RECOMMENDATIONS_PER_IP, &client.rate_key()).await?;
    let profile = profile.checked()?;
    let lang = Lang::from_tag(query.lang.as_deref());
    let version = state.public_cache.version();
    Ok(Json(service::recommend(&state.fitting, &state.db, version, &profile, lang).await?))
}
