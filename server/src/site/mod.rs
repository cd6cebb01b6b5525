//! Who the site says it is (header and footer): name, slogan and location per language, contact
//! address and website link. Blank texts fall back to the web app's translations; a blank contact or
//! website falls back to `CONTACT_EMAIL` and `PUBLIC_URL`. Public at `GET /api/config/site`.

mod identity;
mod routes;

pub(crate) use identity::{SiteIdentity, BUILT_IN_NAME};
pub(crate) use routes::routes;

use crate::AppState;

/// The name e-mails sign with: the admin's, else the built-in one.
pub(crate) async fn name(state: &AppState) -> Result<String, sqlx::Error> {
    Ok(state.settings.get::<SiteIdentity>(&state.db).await?.name_or(BUILT_IN_NAME).to_owned())
}
