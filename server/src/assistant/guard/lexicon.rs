//! Which questions are about the assistant's subject, and which are about pain or injury: word lists per
//! language (`lexicon.json`), matched against the question's words the way the search index reads them.

use std::{collections::HashMap, sync::LazyLock};

use serde::Deserialize;

use crate::{assistant::retrieval::prepare, lang::Lang};

#[derive(Deserialize)]
struct Lists {
    topic: HashMap<Lang, Vec<String>>,
    pain: HashMap<Lang, Vec<String>>,
    choosing: HashMap<Lang, Vec<String>>,
}

/// One list's entries, prepared like questions.
struct WordList(HashMap<Lang, Vec<Entry>>);

enum Entry {
    /// The start of a word.
    Prefix(String),
    Word(String),
    /// Several words in a row.
    Phrase(String),
}

static LISTS: LazyLock<(WordList, WordList, WordList)> = LazyLock::new(|| {
    let lists: Lists = serde_json::from_str(include_str!("lexicon.json")).expect("lexicon.json reads");
    (WordList::new(lists.topic), WordList::new(lists.pain), WordList::new(lists.choosing))
});

impl WordList {
    fn new(lists: HashMap<Lang, Vec<String>>) -> Self {
        let entries = lists
            .into_iter()
            .map(|(lang, words)| {
                let entries = words
                    .iter()
                    .map(|word| match word.strip_prefix('=') {
                        Some(whole) => Entry::Word(normalise(lang, whole)),
                        None if word.contains(' ') => Entry::Phrase(normalise(lang, word)),
                        None => Entry::Prefix(normalise(lang, word)),
                    })
                    .collect();
                (lang, entries)
            })
            .collect();
        Self(entries)
    }

    fn matches(&self, lang: Lang, text: &str) -> bool {
        let text = normalise(lang, text);
        let words: Vec<&str> = text.split(' ').collect();
        self.0.get(&lang).is_some_and(|entries| {
            entries.iter().any(|entry| match entry {
                Entry::Prefix(start) => words.iter().any(|word| word.starts_with(start.as_str())),
                Entry::Word(whole) => words.contains(&whole.as_str()),
                Entry::Phrase(phrase) => text.contains(phrase.as_str()),
            })
        })
    }
}

/// Lower-cased words separated by single spaces; Hebrew also as the index prepares it.
fn normalise(lang: Lang, text: &str) -> String {
    let lower = prepare(lang, &text.to_lowercase());
    lower.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The question names something of the assistant's subject: pointe shoes, ballet footwear, feet.
pub(crate) fn on_topic(lang: Lang, question: &str) -> bool {
    LISTS.0.matches(lang, question)
}

/// The question speaks of pain or injury: the answer carries the safety advice.
pub(crate) fn about_pain(lang: Lang, question: &str) -> bool {
    LISTS.1.matches(lang, question)
}

/// The question asks which shoes to choose: the asker's fit profile, when she allows it, is read for it.
pub(crate) fn about_choosing(lang: Lang, question: &str) -> bool {
    LISTS.2.matches(lang, question)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_both_lists() {
        for lang in Lang::ALL {
            assert!(LISTS.0 .0.get(&lang).is_some_and(|list| !list.is_empty()), "{lang:?} topic");
            assert!(LISTS.1 .0.get(&lang).is_some_and(|list| !list.is_empty()), "{lang:?} pain");
            assert!(LISTS.2 .0.get(&lang).is_some_and(|list| !list.is_empty()), "{lang:?} choosing");
        }
    }

    #[test]
    fn questions_are_sorted_by_subject() {
        assert!(on_topic(Lang::En, "How do I darn the platform of my shoes?"));
        assert!(on_topic(Lang::He, "איך תופרים את הסרטים לנעליים?"));
        assert!(on_topic(Lang::Ru, "Как пришить ленты к пуантам?"));
        assert!(!on_topic(Lang::En, "What is the capital of France?"));
        assert!(!on_topic(Lang::Fr, "Écris-moi un poème sur les voitures"));
        assert!(about_pain(Lang::En, "My big toe hurts after class"));
        assert!(about_pain(Lang::He, "כואבת לי הבוהן אחרי השיעור"));
        assert!(about_pain(Lang::Fr, "J'ai mal au pied"));
        assert!(!about_pain(Lang::Fr, "Comment choisir ma taille ?"));
        assert!(about_pain(Lang::Es, "Me duele el tobillo"));
        assert!(!about_pain(Lang::Ru, "Какие пуанты выбрать новичку?"));
    }

    #[test]
    fn a_question_asking_which_shoes_to_choose_is_told_in_each_language() {
        for (lang, question) in [
            (Lang::En, "Which pointe shoes suit a narrow Egyptian foot?"),
            (Lang::He, "אילו נעלי פוינט מתאימות לכף רגל צרה?"),
            (Lang::Ru, "Какие пуанты подходят для узкой стопы?"),
            (Lang::Fr, "Quelles pointes conviennent à un pied étroit ?"),
            (Lang::Es, "¿Qué zapatillas de punta me convienen para un pie estrecho?"),
        ] {
            assert!(about_choosing(lang, question), "{lang:?}: {question}");
        }
        assert!(!about_choosing(Lang::En, "How do I sew ribbons on pointe shoes?"));
        assert!(!about_choosing(Lang::He, "איך תופרים סרטים לנעלי פוינט?"));
    }
}
