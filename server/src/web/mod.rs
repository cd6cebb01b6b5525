//! Serves the built web app: hashed assets with a year-long cache, other public files, and for every
//! other path `index.html` with that route's `<head>` filled in (see `head` and `page_meta`) and, for the
//! pages of content, the page drawn inside (`ssr`); finished pages are kept (the rendered pages cache).

pub(crate) mod head;
mod page;
mod page_assets;
mod page_meta;
mod routes;
mod ssr;
mod static_files;

pub(crate) use routes::{serve, WebApp};
