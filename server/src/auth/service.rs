//! The rules of signing in: a new account's first step, the password's check (each failure makes the
//! network's next proofs of work harder), the e-mailed code's issue, redemption and resend, and the
//! session a right code starts.

use super::{
    codes::{self, Failure, Purpose, CODE_TTL_MINUTES},
    model::{CodeStep, SignedInAnswer, SignupAnswer},
};
use crate::{
    access::{
        audit::{self, Action, Event, Resource},
        sessions, UserRecord,
    },
    botcheck,
    client_info::ClientInfo,
    email::{self, Mail},
    error::{ApiError, ApiResult, ErrorCode, Text},
    newsletter,
    users::{self, mailing, password, store, AccountRefused, NewAccount, PublicUser},
    AppState,
};

const ACCOUNT_EXISTS: Text = Text::new(ErrorCode::AccountExists, "Username or email already exists");
const INVALID_CREDENTIALS: Text = Text::new(ErrorCode::InvalidCredentials, "Invalid username or password");
const VERIFICATION_FAILED: Text = Text::new(ErrorCode::VerificationFailed, "Verification failed. Please try again.");
const RESEND_FAILED: Text = Text::new(ErrorCode::ResendFailed, "Failed to resend code");
const CHECK_EMAIL: &str = "Please check your email for verification code";
const CODE_SENT: &str = "We sent a 6-digit code to your email";
/// Told only to whoever gave the right password.
const ACCOUNT_DISABLED: Text = Text::new(ErrorCode::AccountDisabled, "This account has been disabled");

/// Makes the account of checked fields: an unverified one gets its code by e-mail, a verified one (with
/// e-mail verification off) its welcome and a session.
pub(crate) async fn sign_up(
    state: &AppState,
    client: &ClientInfo,
    account: NewAccount<'_>,
    newsletter: bool,
) -> ApiResult<SignupAnswer> {
    let verify = !account.email_verified;
    let now = state.clock.now_ms();
    let id = users::create_account(&state.db, account, now).await.map_err(|refused| match refused {
        AccountRefused::UsernameTaken | AccountRefused::EmailTaken => ApiError::Conflict(ACCOUNT_EXISTS),
        AccountRefused::Failed(err) => err.into(),
    })?;
    if newsletter {
        mailing::set_subscribed(&state.db, &id, true, now).await?;
    }
    let user = store::find_by_id(&state.db, &id).await?.ok_or_else(|| anyhow::anyhow!("the new user vanished"))?;
    audit::record_change(state, client, &user, Action::Signup, Resource::User, &id).await?;
    Ok(if verify {
        SignupAnswer::CodeSent(send_code(state, &user, Purpose::Signup).await?)
    } else {
        newsletter::welcome::send(state, &user).await;
        SignupAnswer::SignedIn(sign_in(state, client, &user).await?)
    })
}

/// Checks the username (or address) and password; when right, e-mails a code for the second step.
pub(crate) async fn log_in(
    state: &AppState,
    client: &ClientInfo,
    login: &str,
    password: String,
) -> ApiResult<CodeStep> {
    let user = store::find_by_login(&state.db, login).await?;
    let right = password::verify(password, user.as_ref().map(|u| u.password_hash.clone())).await?;
    let Some(user) = user.filter(|_| right) else {
        botcheck::failed(state, client).await?;
        let event =
            Event { action: Action::LoginFailure, resource_type: Resource::User, resource_id: None, actor: None };
        audit::record(state, client, event).await?;
        return Err(ApiError::Unauthorized(INVALID_CREDENTIALS));
    };
    if user.disabled_at.is_some() {
        return Err(ApiError::Forbidden(ACCOUNT_DISABLED));
    }
    let purpose = if !user.email_verified { Purpose::Signup } else { Purpose::Login };
    send_code(state, &user, purpose).await
}

/// The second step: a right code signs the user in (and, after sign-up, verifies the address).
pub(crate) async fn redeem_code(
    state: &AppState,
    client: &ClientInfo,
    challenge_id: &str,
    code: &str,
) -> ApiResult<SignedInAnswer> {
    let Ok(accepted) = codes::redeem(state, challenge_id, code).await? else {
        let event = Event {
            action: Action::CodeFailure,
            resource_type: Resource::VerificationCode,
            resource_id: Some(challenge_id),
            actor: None,
        };
        audit::record(state, client, event).await?;
        return Err(ApiError::BadRequest(VERIFICATION_FAILED));
    };
    let user =
        store::find_by_id(&state.db, &accepted.user_id).await?.ok_or(ApiError::BadRequest(VERIFICATION_FAILED))?;
    if user.disabled_at.is_some() {
        return Err(ApiError::Forbidden(ACCOUNT_DISABLED));
    }
    if accepted.purpose == Purpose::Signup && store::mark_email_verified(&state.db, &user.id).await? {
        newsletter::welcome::send(state, &user).await;
    }
    sign_in(state, client, &user).await
}

/// A new code for the same step, once the wait is over.
pub(crate) async fn resend_code(state: &AppState, challenge_id: &str) -> ApiResult<CodeStep> {
    let (accepted, issued) = match codes::resend(state, challenge_id).await? {
        Ok(done) => done,
        Err(Failure::TooSoon(Some(seconds))) => {
            return Err(ApiError::TooManyRequests { retry_after_secs: seconds as u64 })
        }
        Err(_) => return Err(ApiError::BadRequest(RESEND_FAILED)),
    };
    let user = store::find_by_id(&state.db, &accepted.user_id).await?.ok_or(ApiError::BadRequest(RESEND_FAILED))?;
    mail_code(state, &user, accepted.purpose, &issued.code).await?;
    step(state, accepted.purpose, issued.challenge_id, issued.resend_after_secs).await
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
    audit::record_change(state, client, user, Action::LoginSuccess, Resource::Session, &issued.session_id).await?;
    Ok(SignedInAnswer { token: issued.token, user: PublicUser::from(user) })
}
