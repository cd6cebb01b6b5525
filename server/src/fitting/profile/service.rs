//! The rules of a member's profile: hers alone to read, save and delete; saved whole, as checked.

use serde::Serialize;
use utoipa::ToSchema;

use super::{store, FitProfile};
use crate::{db::Db, error::ApiResult};

/// A member's stored profile: none until she saves one.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StoredProfile {
    pub profile: Option<FitProfile>,
    /// When she last saved it (ms since the epoch).
    pub updated_at: Option<i64>,
}

pub(crate) async fn load(db: &Db, user: &str) -> ApiResult<StoredProfile> {
    let found = store::find(db, user).await?;
    Ok(StoredProfile { updated_at: found.as_ref().map(|(_, at)| *at), profile: found.map(|(profile, _)| profile) })
}

pub(crate) async fn save(db: &Db, user: &str, profile: FitProfile, now: i64) -> ApiResult<StoredProfile> {
    let profile = profile.checked()?;
    store::put(db, user, &profile, now).await?;
    Ok(StoredProfile { profile: Some(profile), updated_at: Some(now) })
}

/// Whether there was one to delete.
pub(crate) async fn delete(db: &Db, user: &str) -> ApiResult<bool> {
    Ok(store::delete(db, user).await?)
}
