//! Mail to members the admins write: templates in every language (templates/), signed links, the
//! unsubscribe page's calls, the welcome mail, campaigns, and the POP3 mailbox their bounces come back to.

pub mod campaigns;
mod links;
pub mod mailbox;
mod suppressions;
pub mod templates;
pub mod unsubscribe;
pub mod welcome;

use crate::AppState;

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    templates::routes()
        .merge(unsubscribe::routes())
        .merge(campaigns::routes())
        .merge(mailbox::routes())
        .merge(suppressions::routes())
}
