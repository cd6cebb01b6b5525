//! Recommendations that explain themselves: the families that suit a fit profile, each by its best
//! variant, with a fitter's reasons and warnings in the dancer's language (rules.rs weighs, texts.rs
//! words).

mod routes;
mod rules;
mod service;
mod texts;

pub(crate) use routes::routes;
pub(crate) use service::{recommend, Inputs};
