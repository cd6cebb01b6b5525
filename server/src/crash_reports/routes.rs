use axum::{extract::DefaultBodyLimit, extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use super::store::{self, NewCrashReport};
use crate::{
    auth::extract::SignedIn,
    client_info::{ClientInfo, MAX_USER_AGENT},
    error::ApiResult,
    extract::ApiJson,
    AppState,
};

const MAX_BODY_BYTES: usize = 64 * 1024;
const MAX_MESSAGE: usize = 2_000;
const MAX_STACK: usize = 16_000;
const MAX_URL: usize = 2_000;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CrashReport {
    message: String,
    stack: Option<String>,
    component_stack: Option<String>,
    url: String,
    user_agent: Option<String>,
    /// When the browser saw the crash (ISO 8601).
    timestamp: String,
}

#[derive(Serialize, ToSchema)]
pub struct Stored {
    success: bool,
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(log_error).layer(DefaultBodyLimit::max(MAX_BODY_BYTES)))
}

fn cut(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

/// Stores a crash report of the signed-in user's browser.
#[utoipa::path(post, path = "/api/admin/log-error", tag = "admin", request_body = CrashReport, security(("bearer" = [])),
    responses((status = 201, body = Stored), (status = 401, description = "Authentication required")))]
async fn log_error(
    signed_in: SignedIn,
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(report): ApiJson<CrashReport>,
) -> ApiResult<(StatusCode, Json<Stored>)> {
    let stored = NewCrashReport {
        user_id: signed_in.user.id,
        message: cut(&report.message, MAX_MESSAGE),
        stack: report.stack.as_deref().map(|s| cut(s, MAX_STACK)),
        component_stack: report.component_stack.as_deref().map(|s| cut(s, MAX_STACK)),
        url: cut(&report.url, MAX_URL),
        user_agent: cut(report.user_agent.as_deref().unwrap_or(&client.user_agent), MAX_USER_AGENT),
        reported_at: cut(&report.timestamp, 64),
    };
    store::insert(&state.db, stored, state.clock.now_ms()).await?;
    Ok((StatusCode::CREATED, Json(Stored { success: true })))
}
