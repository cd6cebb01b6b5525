//! Mail to members the admins write: templates in every language (templates/); campaigns and the POP3
//! mailbox join here as they land.

pub mod templates;

use crate::AppState;

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    templates::routes()
}
