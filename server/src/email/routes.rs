//! The admin's e-mail calls: the provider's settings (settings.rs), the DKIM signing settings (dkim.rs)
//! and a test message sent at once; and what every admin test message shares (the provider's, a
//! template's, a campaign's).

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    dkim::{self, DkimSettings, DkimView},
    send::send_now,
    settings::{EmailSettings, SmtpSettings},
    templates::Mail,
};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::RequirePermission,
        permissions::area,
        UserRecord,
    },
    client_info::ClientInfo,
    config::MailTransport,
    error::{ApiError, ApiResult, ErrorCode, Problem},
    extract::ApiJson,
    ratelimit, settings,
    users::validation,
    AppState,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EmailSettingsView {
    /// Whether an admin saved settings; until then the environment's transport applies.
    saved: bool,
    /// Where mail goes while nothing is saved.
    fallback: String,
    settings: EmailSettings,
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct TestEmail {
    #[schema(format = Email)]
    to: String,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct TestSent {
    pub sent: bool,
}

pub(crate) const TEST_FAILED: &str = "The test e-mail could not be sent";

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_email, save_email))
        .routes(routes!(send_test))
        .routes(routes!(read_dkim, save_dkim))
}

/// The saved provider settings (secrets masked), or a blank form with where mail goes meanwhile.
#[utoipa::path(get, path = "/api/admin/settings/email", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = EmailSettingsView), (status = 401), (status = 403)))]
async fn admin_email(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<EmailSettingsView>> {
    let Json(saved) = settings::read::<Option<EmailSettings>>(&state, &signed_in).await?;
    Ok(Json(view(&state, saved)))
}

#[utoipa::path(put, path = "/api/admin/settings/email", tag = "admin", security(("bearer" = [])), request_body = EmailSettings,
    responses((status = 200, body = EmailSettingsView), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_email(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<EmailSettings>,
) -> ApiResult<Json<EmailSettingsView>> {
    let Json(saved) = settings::save(&state, &signed_in, &client, Some(value)).await?;
    Ok(Json(view(&state, saved)))
}

fn view(state: &AppState, saved: Option<EmailSettings>) -> EmailSettingsView {
    let fallback = match &state.config.mail.transport {
        MailTransport::File(dir) => format!("files in {}", dir.display()),
        MailTransport::Smtp(smtp) => format!("{}:{}", smtp.host, smtp.port),
    };
    let default = EmailSettings {
        from_address: state.config.mail.from.clone(),
        smtp: SmtpSettings { port: 587, ..Default::default() },
        ..Default::default()
    };
    EmailSettingsView { saved: saved.is_some(), fallback, settings: saved.unwrap_or(default) }
}

#[utoipa::path(get, path = "/api/admin/settings/dkim", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = DkimView), (status = 401), (status = 403)))]
async fn read_dkim(State(state): State<AppState>, _: RequirePermission<area::Settings>) -> ApiResult<Json<DkimView>> {
    Ok(Json(dkim::view(&*state.settings.get::<DkimSettings>(&state.db).await?)))
}

#[utoipa::path(put, path = "/api/admin/settings/dkim", tag = "admin", security(("bearer" = [])), request_body = DkimSettings,
    responses((status = 200, body = DkimView), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_dkim(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<DkimSettings>,
) -> ApiResult<Json<DkimView>> {
    // The answer is masked; the record is derived from the key itself, in the refreshed copy.
    let Json(_masked) = settings::save(&state, &signed_in, &client, value).await?;
    Ok(Json(dkim::view(&*state.settings.get::<DkimSettings>(&state.db).await?)))
}

/// Sends a test message at once (not through the outbox) with the provider in force, so the admin sees
/// the provider's own error.
#[utoipa::path(post, path = "/api/admin/settings/email/test", tag = "admin", security(("bearer" = [])), request_body = TestEmail,
    responses((status = 403, description = "You do not have permission to do this"), (status = 200, body = TestSent), (status = 400, description = "Invalid email address"),
        (status = 429, description = "Too many attempts. Please wait and try again."),
        (status = 502, description = "The test e-mail could not be sent: <the provider's reason>")))]
async fn send_test(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(body): ApiJson<TestEmail>,
) -> ApiResult<Json<TestSent>> {
    let to = test_address(&state, &signed_in.user, &body.to).await?;
    let outcome =
        send_now(&state, to, signed_in.user.lang(), Mail::TestMessage { username: &signed_in.user.username }).await;
    test_answer(&state, &client, &signed_in.user, (Resource::Settings, "email"), outcome).await
}

/// The address a staff member typed for a test message, trimmed and checked; at most
/// `TEST_EMAIL_PER_ACCOUNT` test messages an hour per account (a test goes out at once, to any address).
pub(crate) async fn test_address<'a>(state: &AppState, user: &UserRecord, to: &'a str) -> ApiResult<&'a str> {
    ratelimit::hit(state, &ratelimit::TEST_EMAIL_PER_ACCOUNT, &user.id).await?;
    let to = to.trim();
    validation::email(to).map_err(|message| ApiError::invalid_field("to", message))?;
    Ok(to)
}

/// The answer to an admin's test message (the provider's, a template's, a campaign's): audited whatever
/// happened, and a refusal as 502 with the provider's own reason.
pub(crate) async fn test_answer(
    state: &AppState,
    client: &ClientInfo,
    user: &UserRecord,
    (resource, resource_id): (Resource, &str),
    outcome: anyhow::Result<()>,
) -> ApiResult<Json<TestSent>> {
    audit::record_change(state, client, user, Action::SendTestEmail, resource, resource_id).await?;
    outcome.map_err(|err| {
        let reason = format!("{err:#}");
        ApiError::BadGateway(Problem::with(
            ErrorCode::TestEmailFailed,
            format!("{TEST_FAILED}: {reason}"),
            [("reason", reason)],
        ))
    })?;
    Ok(Json(TestSent { sent: true }))
}
