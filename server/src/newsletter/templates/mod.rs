//! E-mail templates (spec: "Email template"): a name, a category and, per language, a subject and a
//! Markdown body with `{{variables}}`, rendered into the site's HTML e-mail layout and a plain-text part.

pub mod model;
pub mod render;
mod routes;
pub mod store;
pub mod variables;

pub use routes::routes;
