use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::validation;
use crate::{
    access::{
        permissions::{self, Permission},
        Role, UserRecord,
    },
    db::{from_row, Db},
    lang::Lang,
};

/// An account to make, its fields checked by the caller (each caller answers with its own fields).
pub struct NewAccount<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub password: &'a str,
    /// `admin` also sets the admin flag.
    pub role: Role,
    pub email_verified: bool,
    pub language: Lang,
    pub profile: Profile,
}

/// The optional profile fields (sign-up, the admin's new-user form, the account page); a blank one
/// counts as not given.
#[derive(Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    /// female, male or other
    #[schema(pattern = "^ *(female|male|other)? *$")]
    pub gender: Option<String>,
    /// `YYYY-MM-DD`, from 1900 to today.
    #[schema(pattern = "^ *([0-9]{4}-[0-9]{2}-[0-9]{2})? *$")]
    pub birth_date: Option<String>,
    /// Digits, spaces, `+` (first), `-`, `.` and parentheses, with 7 to 15 digits.
    #[schema(pattern = r"^ *(\+?[ .()\-]*([0-9][ .()\-]*){7,15})?$")]
    pub phone: Option<String>,
    #[schema(max_length = 99)]
    pub location: Option<String>,
}

impl Profile {
    /// The same fields trimmed, blanks dropped.
    pub fn cleaned(&self) -> Self {
        let clean =
            |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        Self {
            gender: clean(&self.gender),
            birth_date: clean(&self.birth_date),
            phone: clean(&self.phone),
            location: clean(&self.location),
        }
    }

    /// The rules of spec §5 for each given field (call on a cleaned profile).
    pub fn checks(&self) -> [(&'static str, Result<(), crate::error::Text>); 4] {
        let given = |value: &Option<String>, rule: fn(&str) -> Result<(), crate::error::Text>| {
            value.as_deref().map_or(Ok(()), rule)
        };
        [
            ("gender", given(&self.gender, validation::gender)),
            ("birthDate", given(&self.birth_date, validation::birth_date)),
            ("phone", given(&self.phone, validation::phone)),
            ("location", given(&self.location, validation::location)),
        ]
    }
}

/// The signed-in user as the client sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicUser {
    pub id: String,
    pub username: String,
    pub email: String,
    pub role: Role,
    pub is_admin: bool,
    /// The admin areas this user may use (empty for members).
    pub permissions: Vec<Permission>,
}

impl From<&UserRecord> for PublicUser {
    fn from(user: &UserRecord) -> Self {
        Self {
            id: user.id.clone(),
            username: user.username.clone(),
            email: user.email.clone(),
            role: user.role,
            is_admin: user.is_admin,
            permissions: permissions::of(user).to_vec(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("Username or email already exists")]
    Taken,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

const COLUMNS: &str = "id, username, email, password_hash, role, is_admin, email_verified, language, disabled_at";

/// Inserts the account with its password's hash (`account.password` is not read) and returns its id.
pub async fn create_user(
    db: &Db,
    user: NewAccount<'_>,
    password_hash: &str,
    now: i64,
) -> Result<String, CreateUserError> {
    let id = uuid::Uuid::new_v4().to_string();
    let result = sqlx::query(
        "INSERT INTO users (id, username, email, password_hash, role, is_admin, email_verified, language,
                            gender, birth_date, phone, location, created_at, search_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(&id)
    .bind(user.username.trim())
    .bind(user.email.trim().to_lowercase())
    .bind(password_hash)
    .bind(user.role.code())
    .bind(i64::from(user.role == Role::Admin))
    .bind(i64::from(user.email_verified))
    .bind(user.language.code())
    .bind(user.profile.gender)
    .bind(user.profile.birth_date)
    .bind(user.profile.phone)
    .bind(user.profile.location)
    .bind(now)
    .bind(search_key(user.username, user.email))
    .execute(db)
    .await;
    match result {
        Ok(_) => Ok(id),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(CreateUserError::Taken),
        Err(e) => Err(e.into()),
    }
}

/// What the admin's user search matches (`users.search_key`).
fn search_key(username: &str, email: &str) -> String {
    format!("{} {}", username.trim().to_lowercase(), email.trim().to_lowercase())
}

/// Accounts made since `since` (epoch ms).
pub async fn joined_since(db: &Db, since: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE created_at >= $1").bind(since).fetch_one(db).await
}

/// Every account, disabled ones included.
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(db).await
}

pub async fn username_exists(db: &Db, username: &str) -> Result<bool, sqlx::Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE LOWER(username) = LOWER($1)")
        .bind(username.trim())
        .fetch_one(db)
        .await?;
    Ok(count > 0)
}

pub async fn email_exists(db: &Db, email: &str) -> Result<bool, sqlx::Error> {
    Ok(find_by_email(db, email).await?.is_some())
}

/// The account named by a username or an e-mail address, whatever its case.
pub async fn find_by_login(db: &Db, name: &str) -> Result<Option<UserRecord>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE LOWER(username) = LOWER($1) OR email = LOWER($1)"))
        .bind(name.trim())
        .fetch_optional(db)
        .await
}

pub async fn find_by_email(db: &Db, email: &str) -> Result<Option<UserRecord>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE email = LOWER($1)"))
        .bind(email.trim())
        .fetch_optional(db)
        .await
}

pub async fn find_by_id(db: &Db, id: &str) -> Result<Option<UserRecord>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE id = $1")).bind(id).fetch_optional(db).await
}

/// `true` when the address was not verified before.
pub async fn mark_email_verified(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query("UPDATE users SET email_verified = 1 WHERE id = $1 AND email_verified = 0")
        .bind(id)
        .execute(db)
        .await?;
    Ok(changed.rows_affected() > 0)
}

pub async fn record_login(db: &Db, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET last_login_at = $1 WHERE id = $2").bind(now).bind(id).execute(db).await?;
    Ok(())
}

pub async fn set_password_hash(db: &Db, id: &str, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2").bind(hash).bind(id).execute(db).await?;
    Ok(())
}

/// The member's own details (the account page), without the newsletter choice, which is a group.
#[derive(Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    id: String,
    username: String,
    email: String,
    #[schema(schema_with = validation::stored_gender_schema)]
    gender: Option<String>,
    birth_date: Option<String>,
    phone: Option<String>,
    location: Option<String>,
    /// The language of the account's e-mails.
    language: String,
    pub newsletter: bool,
    created_at: i64,
}
from_row!(Account { id, username, email, gender, birth_date, phone, location, language, created_at }
    skip { newsletter });

pub async fn account(db: &Db, id: &str) -> Result<Account, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, username, email, gender, birth_date, phone, location, language, created_at FROM users WHERE id = $1",
    )
    .bind(id)
    .fetch_one(db)
    .await
}

/// Replaces the profile fields (call with a cleaned, checked profile).
pub async fn set_profile(db: &Db, id: &str, profile: Profile) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET gender = $2, birth_date = $3, phone = $4, location = $5 WHERE id = $1")
        .bind(id)
        .bind(profile.gender)
        .bind(profile.birth_date)
        .bind(profile.phone)
        .bind(profile.location)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_language(db: &Db, id: &str, lang: Lang) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET language = $2 WHERE id = $1").bind(id).bind(lang.code()).execute(db).await?;
    Ok(())
}

/// Lets a disabled account sign in again.
pub async fn enable(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET disabled_at = NULL WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}
