//! E-mail templates (spec: "Email template"): a name, a category and, per language, a subject and a
//! Markdown body with `{{variables}}`, rendered into the site's HTML e-mail layout and a plain-text part.

pub(crate) mod model;
pub(crate) mod render;
mod routes;
pub(crate) mod store;
pub(crate) mod variables;

pub(crate) use routes::routes;
