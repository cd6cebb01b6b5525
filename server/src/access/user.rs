//! The signed-in user's account as every layer above reads it: who they are, their role and whether
//! their account may sign in. Its rows are the users feature's (users/store.rs); this is their shape.

use sqlx::{any::AnyRow, FromRow, Row};

use super::Role;
use crate::lang::Lang;

/// A stored account, with what signing in needs.
#[derive(Clone, Debug)]
pub struct UserRecord {
    pub id: String,
    pub username: String,
    pub email: String,
    pub password_hash: String,
    pub role: Role,
    pub is_admin: bool,
    pub email_verified: bool,
    pub language: String,
    pub disabled_at: Option<i64>,
}

/// Read by column name, so a query may select more (`u.*` with a session's columns).
impl FromRow<'_, AnyRow> for UserRecord {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let role: String = row.try_get("role")?;
        Ok(Self {
            id: row.try_get("id")?,
            username: row.try_get("username")?,
            email: row.try_get("email")?,
            password_hash: row.try_get("password_hash")?,
            role: Role::parse(&role).ok_or_else(|| sqlx::Error::Decode(format!("unknown role {role}").into()))?,
            is_admin: row.try_get::<i64, _>("is_admin")? != 0,
            email_verified: row.try_get::<i64, _>("email_verified")? != 0,
            language: row.try_get("language")?,
            disabled_at: row.try_get("disabled_at")?,
        })
    }
}

impl UserRecord {
    /// The language of the user's e-mails.
    pub fn lang(&self) -> Lang {
        Lang::from_tag(Some(&self.language))
    }
}
