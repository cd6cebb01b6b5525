//! Serves the built web app: hashed assets with a year-long cache, other public files, and for every
//! other path `index.html` with that route's title, description and language alternates filled in.

mod page;
mod routes;
pub mod security_headers;
mod static_files;

pub use page::PageTexts;
pub use routes::{serve, WebApp};
