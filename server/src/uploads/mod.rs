//! Images uploaded in the admin (brand and product artwork, blog covers). They are kept in the
//! database, named by their content's hash, so every instance serves them and the same image is stored
//! once; the name changes with the content, so they are cached for a year.

mod routes;
mod store;

pub(crate) use routes::routes;
