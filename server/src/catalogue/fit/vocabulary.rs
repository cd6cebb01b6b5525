//! The finder's attributes and their values (content/pointe-shoes/vocabulary.json): each value's key, the
//! words of the data set it is read from, and its name in each language.

use std::{collections::BTreeMap, sync::LazyLock};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::lang::Lang;

const VOCABULARY_JSON: &str = include_str!("../../../../content/pointe-shoes/vocabulary.json");

#[derive(Deserialize)]
struct Attribute {
    key: String,
    label: BTreeMap<Lang, String>,
    values: Vec<Value>,
}

#[derive(Deserialize)]
struct Value {
    key: String,
    words: Vec<String>,
    label: BTreeMap<Lang, String>,
    /// The feet the value suits, in each language ("a wide foot"), for the values a fitting weighs.
    #[serde(default)]
    suits: BTreeMap<Lang, String>,
}

/// The attributes (`boxShape`, `shankStrength`, …) in the order the finder shows them.
static VOCABULARY: LazyLock<Vec<Attribute>> =
    LazyLock::new(|| serde_json::from_str(VOCABULARY_JSON).expect("content/pointe-shoes/vocabulary.json is valid"));

/// An attribute as the finder shows it, in one language.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AttributeNames {
    #[schema(example = "boxShape")]
    pub key: String,
    #[schema(example = "Box shape")]
    pub label: String,
    /// In the vocabulary's order (narrow to wide, soft to hard).
    pub values: Vec<ValueName>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ValueName {
    #[schema(example = "square")]
    pub key: String,
    #[schema(example = "Square")]
    pub label: String,
}

/// Every attribute with its values' names in `lang`.
pub(crate) fn names(lang: Lang) -> Vec<AttributeNames> {
    let name = |label: &BTreeMap<Lang, String>| label.get(&lang).or_else(|| label.get(&Lang::DEFAULT)).cloned();
    VOCABULARY
        .iter()
        .map(|attribute| AttributeNames {
            key: attribute.key.clone(),
            label: name(&attribute.label).unwrap_or_default(),
            values: attribute
                .values
                .iter()
                .map(|value| ValueName { key: value.key.clone(), label: name(&value.label).unwrap_or_default() })
                .collect(),
        })
        .collect()
}

/// The name of `value` of `attribute` in `lang`.
pub(crate) fn label(attribute: &str, value: &str, lang: Lang) -> Option<&'static str> {
    let value =
        VOCABULARY.iter().find(|known| known.key == attribute)?.values.iter().find(|known| known.key == value)?;
    value.label.get(&lang).or_else(|| value.label.get(&Lang::DEFAULT)).map(String::as_str)
}

/// The feet `value` of `attribute` suits, in `lang` ("a wide foot"), when the vocabulary says.
pub(crate) fn suits(attribute: &str, value: &str, lang: Lang) -> Option<&'static str> {
    let value =
        VOCABULARY.iter().find(|known| known.key == attribute)?.values.iter().find(|known| known.key == value)?;
    value.suits.get(&lang).or_else(|| value.suits.get(&Lang::DEFAULT)).map(String::as_str)
}

/// The value keys that `raw` (the data set's words, comma-separated) names for `attribute`, each once;
/// `Err` with the word that names no value. "N/A" and blanks name nothing.
pub(crate) fn read(attribute: &str, raw: &str) -> Result<Vec<String>, String> {
    let values = &known(attribute).values;
    let mut keys: Vec<String> = Vec::new();
    for word in raw.split(',').map(normal_word).filter(|word| !word.is_empty() && word != "n/a") {
        let value = values.iter().find(|value| value.words.contains(&word)).ok_or(word)?;
        if !keys.contains(&value.key) {
            keys.push(value.key.clone());
        }
    }
    Ok(keys)
}

/// Whether `value` is one of `attribute`'s keys.
pub(crate) fn knows(attribute: &str, value: &str) -> bool {
    known(attribute).values.iter().any(|known| known.key == value)
}

/// The level values named in free text ("for beginners to intermediate dancers"), by whole words.
pub(crate) fn levels_stated_in(text: &str) -> Vec<String> {
    let words: Vec<String> =
        text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    let levels = &known("level").values;
    levels
        .iter()
        .filter(|level| level.words.iter().any(|phrase| contains_phrase(&words, phrase)))
        .map(|level| level.key.clone())
        .collect()
}

fn known(attribute: &str) -> &'static Attribute {
    VOCABULARY.iter().find(|known| known.key == attribute).unwrap_or_else(|| panic!("no attribute {attribute}"))
}

fn contains_phrase(words: &[String], phrase: &str) -> bool {
    let phrase: Vec<&str> = phrase.split(' ').collect();
    words.windows(phrase.len()).any(|window| window.iter().zip(&phrase).all(|(word, part)| word == part))
}

/// Lower case, trimmed, with the non-breaking hyphen (U+2011) of some cells as a plain one.
fn normal_word(word: &str) -> String {
    word.trim().to_lowercase().replace('\u{2011}', "-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_is_named_in_every_language_and_every_word_names_one_value() {
        for attribute in VOCABULARY.iter() {
            let key = &attribute.key;
            for lang in Lang::ALL {
                assert!(attribute.label.get(&lang).is_some_and(|l| !l.trim().is_empty()), "{key} in {lang:?}");
                for value in &attribute.values {
                    assert!(value.label.get(&lang).is_some_and(|l| !l.trim().is_empty()), "{key}.{}", value.key);
                }
            }
            let words: Vec<&String> = attribute.values.iter().flat_map(|value| &value.words).collect();
            let mut unique = words.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), words.len(), "{key} has a word naming two values");
        }
    }

    #[test]
    fn words_are_read_as_value_keys() {
        assert_eq!(read("shankStrength", "Hard, Medium"), Ok(vec!["hard".to_owned(), "medium".to_owned()]));
        assert_eq!(read("shankStrength", "Strong, Hard"), Ok(vec!["hard".to_owned()]));
        assert_eq!(read("footShape", "Square/Roman, Giselle/Peasant"), Ok(vec!["square".to_owned()]));
        assert_eq!(read("technology", "Heat\u{2011}Moldable Technology"), Ok(vec!["heat-moldable".to_owned()]));
        assert_eq!(read("platformWidth", "Tapered"), Err("tapered".to_owned()));
        assert_eq!(read("wingHeight", "N/A"), Ok(vec![]));
    }

    #[test]
    fn levels_are_taken_only_where_the_text_states_them() {
        assert_eq!(levels_stated_in("Beginner/intermediate, moderate taper"), ["beginner", "intermediate"]);
        assert_eq!(levels_stated_in("Ideal for professionals"), ["professional"]);
        assert!(levels_stated_in("Broad platform, three quarter-shank").is_empty());
        assert!(levels_stated_in("Professionally fitted").is_empty());
    }
}
