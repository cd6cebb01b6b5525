//! What the assistant itself says, in each language (`texts.json`): the basic response's sentences,
//! the refusals and the safety advice.

use std::{collections::HashMap, sync::LazyLock};

use serde::Deserialize;

use crate::lang::Lang;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Texts {
    /// The language's name in English, for the model's instructions.
    pub language_name: String,
    pub found: String,
    pub read_more: String,
    pub no_match: String,
    pub no_match_hint: String,
    pub off_topic: String,
    pub safety: String,
    /// The word before a product's price.
    pub price: String,
    /// The words before the feet a finder model suits, saying what it is ("A pointe shoe for"): every
    /// model's document then holds the words, so a question's "pointe shoes" no longer favours the blog's.
    pub suits: String,
    /// Before the families that suit the asker's fit profile, when she lets the assistant read it.
    pub for_your_feet: String,
}

static TEXTS: LazyLock<HashMap<Lang, Texts>> =
    LazyLock::new(|| serde_json::from_str(include_str!("texts.json")).expect("texts.json reads"));

pub(crate) fn of(lang: Lang) -> &'static Texts {
    &TEXTS[&lang]
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_language_has_every_text() {
        for lang in crate::lang::Lang::ALL {
            assert!(!super::of(lang).safety.is_empty(), "{lang:?}");
        }
    }
}
