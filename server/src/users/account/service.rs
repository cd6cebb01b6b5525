//! What the account page's changes check and do.

use crate::{
    access::{sessions, UserRecord},
    db::Db,
    error::{ApiError, ApiResult, ErrorCode, Text},
    lang::Lang,
    users::{
        mailing, password,
        store::{self, Account, Profile},
        validation,
    },
};

const WRONG_PASSWORD: Text = Text::new(ErrorCode::CurrentPasswordWrong, "Current password is incorrect");

/// The member's account with their newsletter choice.
pub(crate) async fn load(db: &Db, id: &str) -> ApiResult<Account> {
    let mut account = store::account(db, id).await?;
    account.newsletter = mailing::subscribed(db, id).await?;
    Ok(account)
}

/// The parts of the account a member changes; `None` leaves a part as it is.
pub(crate) struct AccountUpdate {
    pub profile: Option<Profile>,
    pub language: Option<Lang>,
    pub newsletter: Option<bool>,
}

/// Applies the change and gives the account before and after it.
pub(crate) async fn update(db: &Db, id: &str, change: AccountUpdate, now: i64) -> ApiResult<(Account, Account)> {
    let before = load(db, id).await?;
    if let Some(profile) = change.profile.map(|p| p.cleaned()) {
        ApiError::check_fields(profile.checks())?;
        store::set_profile(db, id, profile).await?;
    }
    if let Some(lang) = change.language {
        store::set_language(db, id, lang).await?;
    }
    if let Some(subscribe) = change.newsletter {
        mailing::set_subscribed(db, id, subscribe, now).await?;
    }
    Ok((before, load(db, id).await?))
}

/// Sets a new password once the current one is right; the member's other sessions end (their count).
pub(crate) async fn change_password(
    db: &Db,
    user: &UserRecord,
    session_id: &str,
    current: String,
    new: String,
    confirmation: &str,
    now: i64,
) -> ApiResult<u64> {
    ApiError::check_fields(validation::new_password_checks("newPassword", &new, confirmation))?;
    if !password::verify(current, Some(user.password_hash.clone())).await? {
        return Err(ApiError::invalid_field("currentPassword", WRONG_PASSWORD));
    }
    let hash = password::hash(new).await?;
    store::set_password_hash(db, &user.id, &hash).await?;
    Ok(sessions::end_others(db, &user.id, session_id, now).await?)
}
