//! The sign-in calls: `POST /api/auth/signup`, `/login`, `/verify-code` and `/resend-code` (sign-up and
//! login, both finished by a 6-digit code from an e-mail), and the token's life: `/verify`, `/refresh`,
//! `/logout`.

use axum::{extract::State, http::HeaderMap, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    model::{CodeStep, SignedInAnswer, SignupAnswer},
    reset, service,
};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::bearer,
        sessions::{self, Live},
        Role,
    },
    botcheck,
    client_info::ClientInfo,
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::ApiJson,
    lang::Lang,
    openapi, ratelimit,
    users::{
        validation::{self, AccountFields},
        NewAccount, Profile, PublicUser,
    },
    AppState,
};

const INVALID_CODE_FORMAT: Text = Text::new(ErrorCode::InvalidCodeFormat, "Please enter a valid 6-digit code");
const TERMS_REQUIRED: Text =
    Text::new(ErrorCode::TermsRequired, "You must agree to the terms of service and privacy policy");
const NO_TOKEN: Text = Text::new(ErrorCode::NoToken, "No token available");
const VERIFY_FAILED: Text = Text::new(ErrorCode::VerifyFailed, "Token verification failed");
const REFRESH_FAILED: Text = Text::new(ErrorCode::RefreshFailed, "Token refresh failed");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signup))
        .routes(routes!(login))
        .routes(routes!(verify_code))
        .routes(routes!(resend_code))
        .routes(routes!(verify))
        .routes(routes!(refresh))
        .routes(routes!(logout))
        .merge(reset::routes())
}

/// A new account, as the sign-up form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SignupRequest {
    #[serde(flatten)]
    account: AccountFields,
    #[serde(flatten)]
    profile: Profile,
    #[serde(default)]
    #[schema(required = true, schema_with = openapi::only_true)]
    accept_terms: bool,
    /// The language of the e-mails this account gets: he, en, ru, fr or es (a tag such as `en-US`
    /// counts as its language; anything else gives Hebrew).
    language: Option<String>,
    /// Consent to newsletters and offers by e-mail (off unless the person ticks it).
    #[serde(default)]
    newsletter: bool,
    turnstile_token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LoginRequest {
    /// The username or the e-mail address.
    #[serde(default)]
    #[schema(required = true, min_length = 1, pattern = r"\S")]
    username: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    password: String,
    turnstile_token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CodeRequest {
    #[schema(min_length = 1)]
    challenge_id: String,
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    code: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResendRequest {
    #[schema(min_length = 1)]
    challenge_id: String,
}

/// Creates an account. With e-mail verification on (the default) a code is e-mailed and the account
/// works once it is entered; otherwise the answer signs the new user in.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth", request_body = SignupRequest,
    responses((status = 200, body = SignupAnswer),
        (status = 400, description = "Invalid input, with `fields`"), (status = 409, description = "Username or email already exists"),
        (status = 429, description = "Too many attempts")))]
async fn signup(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<SignupRequest>,
) -> ApiResult<Json<SignupAnswer>> {
    ratelimit::hit(&state, &ratelimit::SIGNUP_PER_IP, &client.rate_key()).await?;
    let profile = body.profile.cleaned();
    let account = body.account.checks();
    let terms = ("acceptTerms", if body.accept_terms { Ok(()) } else { Err(TERMS_REQUIRED) });
    ApiError::check_fields(account.chain(profile.checks()).chain([terms]))?;
    botcheck::verify(&state, &client, body.turnstile_token.as_deref()).await?;
    let account = NewAccount {
        username: &body.account.username,
        email: &body.account.email,
        password: &body.account.password.password,
        role: Role::User,
        email_verified: !state.config.email_verification,
        language: Lang::from_tag(body.language.as_deref()),
        profile,
    };
    Ok(Json(service::sign_up(&state, &client, account, body.newsletter).await?))
}

/// Checks the username and password; when right, e-mails a code for the second step.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = CodeStep), (status = 400, description = "Missing field or failed bot-check"),
        (status = 401, description = "Invalid username or password"), (status = 429, description = "Too many attempts")))]
async fn login(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<Json<CodeStep>> {
    ratelimit::hit(&state, &ratelimit::LOGIN_PER_IP, &client.rate_key()).await?;
    if body.username.trim().is_empty() {
        return Err(ApiError::BadRequest(validation::USERNAME_REQUIRED));
    }
    // The bot-check first: posts without a solved one must not use up the account's attempts (and lock
    // its owner out).
    botcheck::verify(&state, &client, body.turnstile_token.as_deref()).await?;
    // Per account and network, so a guesser elsewhere cannot lock the owner out; and per account alone,
    // a looser ceiling against guessing from many networks.
    let network = client.rate_key();
    ratelimit::hit(
        &state,
        &ratelimit::LOGIN_PER_ACCOUNT_AND_NETWORK,
        &ratelimit::account_from(&body.username, &network),
    )
    .await?;
    ratelimit::hit(&state, &ratelimit::LOGIN_PER_ACCOUNT, body.username.trim()).await?;
    Ok(Json(service::log_in(&state, &client, &body.username, body.password).await?))
}

/// The second step: the e-mailed code signs the user in (and, after sign-up, verifies the address).
#[utoipa::path(post, path = "/api/auth/verify-code", tag = "auth", request_body = CodeRequest,
    responses((status = 429, description = "Too many attempts. Please wait and try again."), (status = 200, body = SignedInAnswer), (status = 400, description = "Please enter a valid 6-digit code / Verification failed. Please try again.")))]
async fn verify_code(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<CodeRequest>,
) -> ApiResult<Json<SignedInAnswer>> {
    ratelimit::hit(&state, &ratelimit::CODE_PER_IP, &client.rate_key()).await?;
    let code = body.code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::BadRequest(INVALID_CODE_FORMAT));
    }
    Ok(Json(service::redeem_code(&state, &client, &body.challenge_id, code).await?))
}

/// E-mails a new code for the same step, once the wait given by `resendAfter` is over.
#[utoipa::path(post, path = "/api/auth/resend-code", tag = "auth", request_body = ResendRequest,
    responses((status = 200, body = CodeStep), (status = 400, description = "Failed to resend code"), (status = 429, description = "Too early; `retryAfter` says when")))]
async fn resend_code(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<ResendRequest>,
) -> ApiResult<Json<CodeStep>> {
    ratelimit::hit(&state, &ratelimit::RESEND_PER_IP, &client.rate_key()).await?;
    Ok(Json(service::resend_code(&state, &body.challenge_id).await?))
}

#[derive(Deserialize, ToSchema)]
pub(crate) struct VerifyRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    token: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct VerifyAnswer {
    valid: bool,
    user: PublicUser,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct LogoutAnswer {
    success: bool,
}

/// Whether a stored token still signs its user in (the client asks at start).
#[utoipa::path(post, path = "/api/auth/verify", tag = "auth", request_body = VerifyRequest,
    responses((status = 200, body = VerifyAnswer), (status = 400, description = "No token available"), (status = 401, description = "Token verification failed")))]
async fn verify(State(state): State<AppState>, ApiJson(body): ApiJson<VerifyRequest>) -> ApiResult<Json<VerifyAnswer>> {
    let token = body.token.filter(|t| !t.is_empty()).ok_or_else(|| ApiError::BadRequest(NO_TOKEN))?;
    let Live { user, .. } = sessions::check(&state, &token).await?.ok_or(ApiError::Unauthorized(VERIFY_FAILED))?;
    Ok(Json(VerifyAnswer { valid: true, user: PublicUser::from(&user) }))
}

/// A new token for the bearer's live session, lasting a full lifetime from now.
#[utoipa::path(post, path = "/api/auth/refresh", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = SignedInAnswer), (status = 401, description = "Token refresh failed")))]
async fn refresh(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<SignedInAnswer>> {
    let token = bearer(&headers).ok_or(ApiError::Unauthorized(REFRESH_FAILED))?;
    let Live { claims, user } = sessions::check(&state, token).await?.ok_or(ApiError::Unauthorized(REFRESH_FAILED))?;
    let token = sessions::renew(&state, &claims).await?;
    Ok(Json(SignedInAnswer { token, user: PublicUser::from(&user) }))
}

/// Ends the bearer's session; its token stops working at once. Answers success without one, too.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", security((), ("bearer" = [])), responses((status = 200, body = LogoutAnswer)))]
async fn logout(
    State(state): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
) -> ApiResult<Json<LogoutAnswer>> {
    let live = match bearer(&headers) {
        Some(token) => sessions::check(&state, token).await?,
        None => None,
    };
    if let Some(Live { claims, user }) = live {
        sessions::end(&state.db, &claims.sid, state.clock.now_ms()).await?;
        audit::record_change(&state, &client, &user, Action::Logout, Resource::Session, &claims.sid).await?;
    }
    Ok(Json(LogoutAnswer { success: true }))
}
