//! Mail to members the admins write: templates in every language (templates/), signed links, the
//! unsubscribe page's calls and the welcome mail; campaigns and the POP3 mailbox join here as they land.

mod links;
pub mod templates;
pub mod unsubscribe;
pub mod welcome;

use crate::AppState;

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    templates::routes().merge(unsubscribe::routes())
}
