//! Mail to members the admins write: templates in every language (templates/), signed links, the
//! unsubscribe page's calls, the welcome mail, campaigns, and the POP3 mailbox their bounces come back to.

pub(crate) mod campaigns;
mod links;
pub(crate) mod mailbox;
mod suppressions;
pub(crate) mod templates;
pub(crate) mod unsubscribe;
pub(crate) mod welcome;

use crate::AppState;

pub(crate) fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    templates::routes()
        .merge(unsubscribe::routes())
        .merge(campaigns::routes())
        .merge(mailbox::routes())
        .merge(suppressions::routes())
}
