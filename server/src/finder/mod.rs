//! The shoe finder: the catalogue's models with their fit (catalogue::fit), from the open data set of
//! pointe shoe models (import.rs, content/pointe-shoes/), answered in one cacheable read.

mod clean;
pub(crate) mod import;
mod models;
mod routes;

#[cfg(test)]
pub(crate) use models::FinderModel;
pub(crate) use models::{families, family_of_variant, find_family, model_pages, page_ids, FinderFamily};

use utoipa_axum::router::OpenApiRouter;

use crate::{
    catalogue::fit::{vocabulary, Fit},
    lang::Lang,
    public_cache, AppState,
};

/// How every page that shows the data set's models credits it: its README's words, and the change the
/// licence asks to be named (the pages link the licence).
pub const CREDIT: &str = "\"Data Pointes Lab Database\" by Danielle Heymann (Data Pointes Lab), licensed under CC BY \
                          4.0, source github.com/4dh/datapointeslab-database; cleaned and translated by Pointe";

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    public_cache::reads(routes::routes())
}

/// The attributes a model's short description names.
const DESCRIBED: [&str; 4] = ["boxShape", "platformWidth", "shankStrength", "footShape"];

/// A model's fit in a sentence of `lang`: box, platform, shank and the feet it is made for.
pub(crate) fn describe(fit: &Fit, lang: Lang) -> String {
    describe_attributes(fit, lang, |attribute| DESCRIBED.contains(&attribute))
}

/// Every attribute of a model's fit in a sentence of `lang` (what the assistant reads about it).
pub(crate) fn describe_fully(fit: &Fit, lang: Lang) -> String {
    describe_attributes(fit, lang, |_| true)
}

/// The feet a model suits, in the words of `lang`, each once ("a wide foot", "toes of even length, as on
/// a square foot"): what a question about one's feet finds it by.
pub(crate) fn feet_suited(fit: &Fit, lang: Lang) -> Vec<&'static str> {
    let mut suited: Vec<&'static str> = Vec::new();
    for (attribute, values) in fit.attributes() {
        for text in values.iter().filter_map(|value| vocabulary::suits(attribute, value, lang)) {
            if !suited.contains(&text) {
                suited.push(text);
            }
        }
    }
    suited
}

fn describe_attributes(fit: &Fit, lang: Lang, named: impl Fn(&str) -> bool) -> String {
    let names = vocabulary::names(lang);
    let parts: Vec<String> = fit
        .attributes()
        .into_iter()
        .filter(|(attribute, values)| !values.is_empty() && named(attribute))
        .filter_map(|(attribute, values)| {
            let attribute = names.iter().find(|names| names.key == attribute)?;
            let values: Vec<&str> = values
                .iter()
                .filter_map(|key| attribute.values.iter().find(|value| &value.key == key))
                .map(|value| value.label.as_str())
                .collect();
            Some(format!("{}: {}", attribute.label, values.join(", ")))
        })
        .collect();
    parts.join(" · ")
}
