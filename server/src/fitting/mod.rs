//! The fitting companion: a dancer's fit profile (profile/), kept on her account when she is signed in
//! (a visitor's stays on her device, in the web app), and the families that suit it (recommend/).

pub(crate) mod profile;
pub(crate) mod recommend;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    profile::routes().merge(recommend::routes())
}
