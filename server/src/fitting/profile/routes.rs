//! `/api/fit-profile`: the signed-in member's own fit profile. Nobody else's calls read it: not other
//! members, not the admin's screens.

use axum::{extract::State, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    service::{self, StoredProfile},
    FitProfile,
};
use crate::{access::extract::SignedIn, error::ApiResult, extract::ApiJson, ratelimit, AppState};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(own_profile, save_profile, delete_profile))
}

/// The member's fit profile (`profile` is null until she saves one).
#[utoipa::path(get, path = "/api/fit-profile", tag = "fitting", security(("bearer" = [])),
    responses((status = 200, body = StoredProfile), (status = 401, description = "Authentication required")))]
async fn own_profile(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<StoredProfile>> {
    Ok(Json(service::load(&state.db, &signed_in.user.id).await?))
}

/// Saves the member's fit profile whole, replacing the stored one.
#[utoipa::path(put, path = "/api/fit-profile", tag = "fitting", security(("bearer" = [])), request_body = FitProfile,
    responses((status = 200, body = StoredProfile), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 429, description = "Too many saves")))]
async fn save_profile(
    State(state): State<AppState>,
    signed_in: SignedIn,
    ApiJson(profile): ApiJson<FitProfile>,
) -> ApiResult<Json<StoredProfile>> {
    ratelimit::hit(&state, &ratelimit::FIT_PROFILE_SAVES_PER_ACCOUNT, &signed_in.user.id).await?;
    Ok(Json(service::save(&state.db, &signed_in.user.id, profile, state.clock.now_ms()).await?))
}

#[derive(Serialize, ToSchema)]
pub(crate) struct ProfileDeleted {
    /// Whether there was a profile to delete.
    deleted: bool,
}

/// Deletes the member's fit profile.
#[utoipa::path(delete, path = "/api/fit-profile", tag = "fitting", security(("bearer" = [])),
    responses((status = 200, body = ProfileDeleted), (status = 401)))]
async fn delete_profile(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<ProfileDeleted>> {
    Ok(Json(ProfileDeleted { deleted: service::delete(&state.db, &signed_in.user.id).await? }))
}
