//! Serves the built web app: hashed assets with a year-long cache, other public files, and for every
//! other path `index.html` with that route's `<head>` filled in (see `head` and `page_meta`).

pub mod head;
mod page;
mod page_meta;
mod routes;
pub mod security_headers;
mod static_files;

pub use routes::{serve, WebApp};
