//! The admin's family calls (permission: catalogue), every change audited.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::service::{self, FamilyDraft, FamilyRecord};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::RequirePermission,
        permissions::area,
    },
    client_info::ClientInfo,
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
    lang::{Lang, LangQuery},
    AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_families, create_family)).routes(routes!(update_family, delete_family))
}

/// Every family with its models, by name; a model in none is a family of its own (and not listed).
#[utoipa::path(get, path = "/api/admin/families", tag = "admin", security(("bearer" = [])), params(LangQuery),
    responses((status = 200, body = [FamilyRecord]), (status = 401), (status = 403)))]
async fn list_families(
    State(state): State<AppState>,
    _: RequirePermission<area::Catalogue>,
    ApiQuery(q): ApiQuery<LangQuery>,
) -> ApiResult<Json<Vec<FamilyRecord>>> {
    Ok(Json(service::records(&state.db, Lang::from_tag(q.lang.as_deref())).await?))
}

/// A new family of the given models, taken out of their families (splitting one).
#[utoipa::path(post, path = "/api/admin/families", tag = "admin", security(("bearer" = [])), params(LangQuery),
    request_body = FamilyDraft,
    responses((status = 201, body = FamilyRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 403, description = "You do not have permission to do this")))]
async fn create_family(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    ApiQuery(q): ApiQuery<LangQuery>,
    ApiJson(draft): ApiJson<FamilyDraft>,
) -> ApiResult<(StatusCode, Json<FamilyRecord>)> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let family = service::create(&state.db, draft, lang, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::ModelFamily, &family.id).await?;
    Ok((StatusCode::CREATED, Json(family)))
}

/// Renames the family and makes the given models its own: models of other families join it (merging),
/// and its models left out become families of their own (splitting).
#[utoipa::path(put, path = "/api/admin/families/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path), LangQuery), request_body = FamilyDraft,
    responses((status = 200, body = FamilyRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 403, description = "You do not have permission to do this"),
        (status = 404, description = "Model family not found")))]
async fn update_family(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<LangQuery>,
    ApiJson(draft): ApiJson<FamilyDraft>,
) -> ApiResult<Json<FamilyRecord>> {
    let lang = Lang::from_tag(q.lang.as_deref());
    let (family, emptied) = service::update(&state.db, &id, draft, lang, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::ModelFamily, &id).await?;
    for emptied in &emptied {
        audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::ModelFamily, emptied).await?;
    }
    Ok(Json(family))
}

/// Deletes the family; each of its models becomes a family of its own.
#[utoipa::path(delete, path = "/api/admin/families/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 401), (status = 403, description = "You do not have permission to do this"),
        (status = 404, description = "Model family not found")))]
async fn delete_family(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Catalogue>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    service::delete(&state.db, &id).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::ModelFamily, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
