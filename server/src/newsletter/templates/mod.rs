//! E-mail templates (spec: "Email template"): a name, a category and, per language, a subject and a
//! Markdown body with `{{variables}}`, rendered into the site's HTML e-mail layout and a plain-text part.

mod model;
mod render;
mod routes;
mod store;
mod variables;

pub use routes::routes;
