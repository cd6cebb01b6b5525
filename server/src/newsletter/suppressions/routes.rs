//! The suppression list (permission: email): members whose address bounced for good, so no campaign
//! reaches them, with the remote server's words; an admin lifts one once the address works again
//! (audited). A member who subscribes again lifts her own (users/mailing.rs).

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::newsletter::campaigns;
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    error::{ApiError, ApiResult},
    extract::ApiQuery,
    paging::PageQuery,
    users::{self, mailing},
    AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(lift))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Suppression {
    user_id: String,
    username: String,
    email: String,
    /// When the address bounced for good (ms since the epoch).
    bounced_at: i64,
    /// The remote server's words in the delivery report.
    reason: Option<String>,
    /// The campaign whose message came back.
    campaign_name: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SuppressionPage {
    suppressions: Vec<Suppression>,
    total: i64,
    page: i64,
    page_size: i64,
}

/// Members no campaign reaches since their address bounced for good, the latest first.
#[utoipa::path(get, path = "/api/admin/suppressions", tag = "admin", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = SuppressionPage), (status = 400), (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Json<SuppressionPage>> {
    let paging = page.paging(25)?;
    let (members, total) = mailing::suppressed(&state.db, paging).await?;
    let ids: Vec<String> = members.iter().map(|member| member.id.clone()).collect();
    let mut bounces = campaigns::last_bounces(&state.db, &ids).await?;
    let suppressions = members
        .into_iter()
        .map(|member| {
            let bounce = bounces.remove(&member.id);
            Suppression {
                reason: bounce.as_ref().and_then(|bounce| bounce.reason.clone()),
                campaign_name: bounce.map(|bounce| bounce.campaign_name),
                user_id: member.id,
                username: member.username,
                email: member.email,
                bounced_at: member.bounced_at,
            }
        })
        .collect();
    Ok(Json(SuppressionPage { suppressions, total, page: paging.page, page_size: paging.size }))
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Lifted {
    lifted: bool,
}

/// Campaigns reach the member again.
#[utoipa::path(delete, path = "/api/admin/suppressions/{user_id}", tag = "admin", security(("bearer" = [])),
    params(("user_id" = String, Path)),
    responses((status = 200, body = Lifted), (status = 401), (status = 403), (status = 404, description = "User not found")))]
async fn lift(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(user_id): Path<String>,
) -> ApiResult<Json<Lifted>> {
    if !mailing::lift_suppression(&state.db, &user_id).await? {
        return Err(ApiError::NotFound(users::USER_NOT_FOUND));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::LiftSuppression, Resource::User, &user_id).await?;
    Ok(Json(Lifted { lifted: true }))
}
