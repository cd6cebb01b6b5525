use crate::{db::Db, time::now_ms};

pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub is_admin: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("Username or email already exists")]
    Taken,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Inserts the user and returns its id.
pub async fn create_user(db: &Db, user: NewUser<'_>) -> Result<String, CreateUserError> {
    let id = uuid::Uuid::new_v4().to_string();
    let result = sqlx::query(
        "INSERT INTO users (id, username, email, password_hash, role, is_admin, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(user.username.trim())
    .bind(user.email.trim().to_lowercase())
    .bind(user.password_hash)
    .bind(if user.is_admin { "admin" } else { "user" })
    .bind(i64::from(user.is_admin))
    .bind(now_ms())
    .execute(db)
    .await;
    match result {
        Ok(_) => Ok(id),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(CreateUserError::Taken),
        Err(e) => Err(e.into()),
    }
}

pub async fn username_exists(db: &Db, username: &str) -> Result<bool, sqlx::Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE LOWER(username) = LOWER($1)")
        .bind(username.trim())
        .fetch_one(db)
        .await?;
    Ok(count > 0)
}
