//! Sign-up and login, both finished by a 6-digit code from an e-mail: `POST /api/auth/signup`,
//! `POST /api/auth/login`, `POST /api/auth/verify-code`, `POST /api/auth/resend-code`.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::codes::{self, Failure, Purpose, CODE_TTL_MINUTES};
use crate::{
    access::{
        audit::{self, Action, Actor, Event, Resource},
        sessions, Role, UserRecord,
    },
    botcheck,
    client_info::ClientInfo,
    email::{self, Mail},
    error::{ApiError, ApiResult, Text},
    extract::ApiJson,
    lang::Lang,
    newsletter, openapi, ratelimit,
    users::{mailing, password, store, validation, CreateUserError, NewUser, Profile, PublicUser},
    AppState,
};

const ACCOUNT_EXISTS: Text = Text::new("account_exists", "Username or email already exists");
const USERNAME_REQUIRED: Text = Text::new("username_required", "Username is required");
pub const INVALID_CREDENTIALS: Text = Text::new("invalid_credentials", "Invalid username or password");
pub const INVALID_CODE_FORMAT: Text = Text::new("invalid_code_format", "Please enter a valid 6-digit code");
pub const VERIFICATION_FAILED: Text = Text::new("verification_failed", "Verification failed. Please try again.");
pub const RESEND_FAILED: Text = Text::new("resend_failed", "Failed to resend code");
pub const CHECK_EMAIL: &str = "Please check your email for verification code";
pub const CODE_SENT: &str = "We sent a 6-digit code to your email";
/// Told only to whoever gave the right password.
pub const ACCOUNT_DISABLED: Text = Text::new("account_disabled", "This account has been disabled");
const TERMS_REQUIRED: &str = "You must agree to the terms of service and privacy policy";

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    #[serde(default)]
    /// Starts with a letter.
    #[schema(required = true, pattern = r"^\s*[^\W\d_]")]
    username: String,
    #[serde(default)]
    #[schema(required = true, format = Email)]
    email: String,
    /// 8–128 characters with a letter, a digit and one of `@!#$%^&*()-+`, not a common password.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    password: String,
    /// The same as `password`.
    #[serde(default)]
    #[schema(required = true)]
    confirm_password: String,
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
pub struct LoginRequest {
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
pub struct CodeRequest {
    #[schema(min_length = 1)]
    challenge_id: String,
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    code: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResendRequest {
    #[schema(min_length = 1)]
    challenge_id: String,
}

/// A code is on its way: the next step sends it with `challengeId` to `/api/auth/verify-code`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeStep {
    /// Set after sign-up (and at login to an account whose e-mail is not verified yet).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    requires_verification: bool,
    /// Set after a right username and password.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    requires_two_factor: bool,
    challenge_id: String,
    message: &'static str,
    /// Seconds before another code can be asked for.
    resend_after: i64,
    /// Set while e-mail delivery is behind (a message waits for a retry): the code is queued and arrives
    /// once the mail server takes it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    mail_delayed: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SignedInAnswer {
    pub token: String,
    pub user: PublicUser,
}

#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum SignupAnswer {
    CodeSent(CodeStep),
    SignedIn(SignedInAnswer),
}

/// Creates an account. With e-mail verification on (the default) a code is e-mailed and the account
/// works once it is entered; otherwise the answer signs the new user in.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth", request_body = SignupRequest,
    responses((status = 200, body = SignupAnswer),
        (status = 400, description = "Invalid input, with `fields`"), (status = 409, description = "Username or email already exists"),
        (status = 429, description = "Too many attempts")))]
pub async fn signup(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<SignupRequest>,
) -> ApiResult<Json<SignupAnswer>> {
    ratelimit::hit(&state, &ratelimit::SIGNUP_PER_IP, &client.rate_key()).await?;
    let profile = body.profile.cleaned();
    check_signup_fields(&body, &profile)?;
    botcheck::verify(&state, &client, body.turnstile_token.as_deref()).await?;
    let lang = Lang::from_tag(body.language.as_deref());
    let hash = password::hash(body.password.clone()).await?;
    let verify = state.config.email_verification;
    let new_user = NewUser {
        username: &body.username,
        email: &body.email,
        password_hash: &hash,
        role: Role::User,
        email_verified: !verify,
        language: lang.code(),
        profile,
    };
    let now = state.clock.now_ms();
    let id = match store::create_user(&state.db, new_user, now).await {
        Ok(id) => id,
        Err(CreateUserError::Taken) => return Err(ApiError::Conflict(ACCOUNT_EXISTS)),
        Err(CreateUserError::Database(err)) => return Err(err.into()),
    };
    if body.newsletter {
        mailing::set_subscribed(&state.db, &id, true, now).await?;
    }
    let user = store::find_by_id(&state.db, &id).await?.ok_or_else(|| anyhow::anyhow!("the new user vanished"))?;
    audit::record(
        &state,
        &client,
        Event {
            action: Action::Signup,
            resource_type: Resource::User,
            resource_id: Some(&id),
            actor: Some(actor(&user)),
        },
    )
    .await?;
    Ok(Json(if verify {
        SignupAnswer::CodeSent(send_code(&state, &user, Purpose::Signup).await?)
    } else {
        newsletter::welcome::send(&state, &user).await;
        SignupAnswer::SignedIn(sign_in(&state, &client, &user).await?)
    }))
}

fn check_signup_fields(body: &SignupRequest, profile: &Profile) -> ApiResult<()> {
    let account = validation::account_checks(&body.username, &body.email, &body.password, &body.confirm_password);
    let terms = ("acceptTerms", if body.accept_terms { Ok(()) } else { Err(TERMS_REQUIRED) });
    ApiError::check_fields(account.into_iter().chain(profile.checks()).chain([terms]))
}

/// Checks the username and password; when right, e-mails a code for the second step.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = CodeStep), (status = 400, description = "Missing field or failed bot-check"),
        (status = 401, description = "Invalid username or password"), (status = 429, description = "Too many attempts")))]
pub async fn login(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<Json<CodeStep>> {
    ratelimit::hit(&state, &ratelimit::LOGIN_PER_IP, &client.rate_key()).await?;
    if body.username.trim().is_empty() {
        return Err(ApiError::BadRequest(USERNAME_REQUIRED));
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
    let user = store::find_by_login(&state.db, &body.username).await?;
    let right = password::verify(body.password, user.as_ref().map(|u| u.password_hash.clone())).await?;
    let Some(user) = user.filter(|_| right) else {
        // Each failure makes the next proofs of work this network is given harder.
        botcheck::failed(&state, &client).await?;
        let event =
            Event { action: Action::LoginFailure, resource_type: Resource::User, resource_id: None, actor: None };
        audit::record(&state, &client, event).await?;
        return Err(ApiError::Unauthorized(INVALID_CREDENTIALS));
    };
    if user.disabled_at.is_some() {
        return Err(ApiError::Forbidden(ACCOUNT_DISABLED));
    }
    let purpose = if !user.email_verified { Purpose::Signup } else { Purpose::Login };
    Ok(Json(send_code(&state, &user, purpose).await?))
}

/// The second step: the e-mailed code signs the user in (and, after sign-up, verifies the address).
#[utoipa::path(post, path = "/api/auth/verify-code", tag = "auth", request_body = CodeRequest,
    responses((status = 429, description = "Too many attempts. Please wait and try again."), (status = 200, body = SignedInAnswer), (status = 400, description = "Please enter a valid 6-digit code / Verification failed. Please try again.")))]
pub async fn verify_code(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<CodeRequest>,
) -> ApiResult<Json<SignedInAnswer>> {
    ratelimit::hit(&state, &ratelimit::CODE_PER_IP, &client.rate_key()).await?;
    let code = body.code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::BadRequest(INVALID_CODE_FORMAT));
    }
    let accepted = match codes::redeem(&state, &body.challenge_id, code).await? {
        Ok(accepted) => accepted,
        Err(_) => {
            let event = Event {
                action: Action::CodeFailure,
                resource_type: Resource::VerificationCode,
                resource_id: Some(&body.challenge_id),
                actor: None,
            };
            audit::record(&state, &client, event).await?;
            return Err(ApiError::BadRequest(VERIFICATION_FAILED));
        }
    };
    let user =
        store::find_by_id(&state.db, &accepted.user_id).await?.ok_or(ApiError::BadRequest(VERIFICATION_FAILED))?;
    if user.disabled_at.is_some() {
        return Err(ApiError::Forbidden(ACCOUNT_DISABLED));
    }
    if accepted.purpose == Purpose::Signup && store::mark_email_verified(&state.db, &user.id).await? {
        newsletter::welcome::send(&state, &user).await;
    }
    Ok(Json(sign_in(&state, &client, &user).await?))
}

/// E-mails a new code for the same step, once the wait given by `resendAfter` is over.
#[utoipa::path(post, path = "/api/auth/resend-code", tag = "auth", request_body = ResendRequest,
    responses((status = 200, body = CodeStep), (status = 400, description = "Failed to resend code"), (status = 429, description = "Too early; `retryAfter` says when")))]
pub async fn resend_code(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(body): ApiJson<ResendRequest>,
) -> ApiResult<Json<CodeStep>> {
    ratelimit::hit(&state, &ratelimit::RESEND_PER_IP, &client.rate_key()).await?;
    let (accepted, issued) = match codes::resend(&state, &body.challenge_id).await? {
        Ok(done) => done,
        Err(Failure::TooSoon(Some(seconds))) => {
            return Err(ApiError::TooManyRequests { retry_after_secs: seconds as u64 })
        }
        Err(_) => return Err(ApiError::BadRequest(RESEND_FAILED)),
    };
    let user = store::find_by_id(&state.db, &accepted.user_id).await?.ok_or(ApiError::BadRequest(RESEND_FAILED))?;
    mail_code(&state, &user, accepted.purpose, &issued.code).await?;
    Ok(Json(step(&state, accepted.purpose, issued.challenge_id, issued.resend_after_secs).await?))
}

async fn send_code(state: &AppState, user: &UserRecord, purpose: Purpose) -> ApiResult<CodeStep> {
    let issued = codes::issue(state, &user.id, purpose).await?;
    mail_code(state, user, purpose, &issued.code).await?;
    step(state, purpose, issued.challenge_id, issued.resend_after_secs).await
}

async fn mail_code(state: &AppState, user: &UserRecord, purpose: Purpose, code: &str) -> anyhow::Result<()> {
    let (username, minutes) = (user.username.as_str(), CODE_TTL_MINUTES);
    let mail = match purpose {
        Purpose::Signup => Mail::SignupCode { username, code, minutes },
        Purpose::Login => Mail::LoginCode { username, code, minutes },
    };
    email::send(state, &user.email, user.lang(), mail).await
}

async fn step(state: &AppState, purpose: Purpose, challenge_id: String, resend_after: i64) -> ApiResult<CodeStep> {
    let signup = purpose == Purpose::Signup;
    Ok(CodeStep {
        requires_verification: signup,
        requires_two_factor: !signup,
        challenge_id,
        message: if signup { CHECK_EMAIL } else { CODE_SENT },
        resend_after,
        mail_delayed: email::outbox::is_behind(state).await?,
    })
}

async fn sign_in(state: &AppState, client: &ClientInfo, user: &UserRecord) -> ApiResult<SignedInAnswer> {
    let issued = sessions::start(state, &user.id, client).await?;
    store::record_login(&state.db, &user.id, state.clock.now_ms()).await?;
    let event = Event {
        action: Action::LoginSuccess,
        resource_type: Resource::Session,
        resource_id: Some(&issued.session_id),
        actor: Some(actor(user)),
    };
    audit::record(state, client, event).await?;
    Ok(SignedInAnswer { token: issued.token, user: PublicUser::from(user) })
}

pub fn actor(user: &UserRecord) -> Actor<'_> {
    Actor { user_id: &user.id, username: &user.username }
}
