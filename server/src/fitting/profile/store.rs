//! `fit_profiles`: a member's profile as JSON, one row per account (gone with the account).

use sqlx::Row;

use super::FitProfile;
use crate::db::Db;

/// Her profile and when she last saved it (ms).
pub(crate) async fn find(db: &Db, user: &str) -> Result<Option<(FitProfile, i64)>, sqlx::Error> {
    let row = sqlx::query("SELECT profile, updated_at FROM fit_profiles WHERE user_id = $1")
        .bind(user)
        .fetch_optional(db)
        .await?;
    row.map(|row| {
        let profile: String = row.try_get("profile")?;
        let profile = serde_json::from_str(&profile).map_err(|err| sqlx::Error::Decode(Box::new(err)))?;
        Ok((profile, row.try_get("updated_at")?))
    })
    .transpose()
}

pub(crate) async fn put(db: &Db, user: &str, profile: &FitProfile, now: i64) -> Result<(), sqlx::Error> {
    let json = serde_json::to_string(profile).map_err(|err| sqlx::Error::Encode(Box::new(err)))?;
    sqlx::query(
        "INSERT INTO fit_profiles (user_id, profile, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at",
    )
    .bind(user)
    .bind(json)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

pub(crate) async fn delete(db: &Db, user: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM fit_profiles WHERE user_id = $1").bind(user).execute(db).await?.rows_affected() > 0)
}
