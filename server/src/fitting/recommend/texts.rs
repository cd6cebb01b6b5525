//! What the recommendations say, in each language (`texts.json`): a text per key, its `{placeholders}`
//! filled with the finder vocabulary's names of the values in the same language.

use std::{collections::HashMap, sync::LazyLock};

use super::rules::Said;
use crate::{catalogue::fit::vocabulary, lang::Lang};

static TEXTS: LazyLock<HashMap<Lang, HashMap<String, String>>> =
    LazyLock::new(|| serde_json::from_str(include_str!("texts.json")).expect("fitting/recommend/texts.json reads"));

/// `said` in `lang` (English, then the key, where a text is missing: the tests see that none is).
pub(crate) fn say(said: &Said, lang: Lang) -> String {
    let text = [lang, Lang::En]
        .iter()
        .find_map(|lang| TEXTS.get(lang).and_then(|texts| texts.get(said.key)))
        .map_or(said.key, String::as_str);
    said.values.iter().fold(text.to_owned(), |text, (placeholder, attribute, value)| {
        let name = vocabulary::label(attribute, value, lang).unwrap_or(value);
        text.replace(&format!("{{{placeholder}}}"), name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> =
            text.split('{').skip(1).filter_map(|rest| rest.split_once('}')).map(|(name, _)| name).collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn every_language_has_every_english_text_with_its_placeholders() {
        let english = &TEXTS[&Lang::En];
        for lang in Lang::ALL {
            let texts = &TEXTS[&lang];
            let mut keys: Vec<&String> = texts.keys().collect();
            let mut expected: Vec<&String> = english.keys().collect();
            keys.sort();
            expected.sort();
            assert_eq!(keys, expected, "{lang:?}");
            for (key, text) in texts {
                assert!(!text.trim().is_empty(), "{lang:?} {key}");
                assert_eq!(placeholders(text), placeholders(&english[key]), "{lang:?} {key}");
            }
        }
    }

    #[test]
    fn a_value_is_named_in_the_readers_language() {
        let said = Said { key: "boxForToes", values: vec![("box", "boxShape", "tapered".to_owned())] };
        assert_eq!(say(&said, Lang::En), "Box Tapered: suits your toes");
        assert!(!say(&said, Lang::He).contains("Tapered"));
    }
}
