//! Mail to members the admins write: templates in every language (templates/), signed links, the
//! unsubscribe page's calls, the welcome mail, and campaigns; the POP3 mailbox joins here when it lands.

pub mod campaigns;
mod links;
pub mod templates;
pub mod unsubscribe;
pub mod welcome;

use crate::AppState;

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    templates::routes().merge(unsubscribe::routes()).merge(campaigns::routes())
}
