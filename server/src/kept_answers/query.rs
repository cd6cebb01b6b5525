//! The query an answer is kept under: only the parameters the page or read uses, so made-up ones
//! (`?x=1`, `?x=2`, …) find the answer already kept instead of each making and keeping its own. The
//! request is answered with this query too, so what is kept is what the key says.

use crate::lang::Lang;

/// The parameter every page and read takes: a language, kept only in its own spelling.
const LANG: &str = "lang";

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct KeptQuery {
    /// `name=value` pairs joined by `&`, as they came (still encoded); empty when none is left.
    pub query: String,
    /// Holds a parameter besides the language, whose values are any a client writes: such an answer
    /// is kept only once asked for again (`KeptAnswers::admits`).
    pub open: bool,
}

/// The pairs of `query` whose name is in `known`, in the order they came (a name given twice stays so:
/// the API refuses it, and an answer refused is not kept). `lang` is written as the language
/// `language` reads from its value, or left out when it reads none.
pub(crate) fn kept_query(query: Option<&str>, known: &[&str], language: impl Fn(&str) -> Option<Lang>) -> KeptQuery {
    let mut kept: Vec<(&str, String)> = Vec::new();
    for pair in query.unwrap_or_default().split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if !known.contains(&name) {
            continue;
        }
        if name == LANG {
            if let Some(lang) = language(value) {
                kept.push((name, lang.code().to_owned()));
            }
        } else {
            kept.push((name, value.to_owned()));
        }
    }
    KeptQuery {
        open: kept.iter().any(|(name, _)| *name != LANG),
        query: kept.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join("&"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(query: &str, known: &[&str]) -> KeptQuery {
        kept_query(Some(query), known, |value| Some(Lang::from_tag(Some(value))))
    }

    #[test]
    fn keeps_only_known_parameters() {
        assert_eq!(read("x=1&lang=en&y=2", &["lang"]), KeptQuery { query: "lang=en".into(), open: false });
        assert_eq!(read("page=2&lang=en-US&x=3", &["lang", "page"]).query, "page=2&lang=en");
        assert_eq!(read("page=2&page=3", &["page"]).query, "page=2&page=3", "for the read to refuse");
        assert_eq!(read("lang=xx", &["lang"]).query, "lang=he", "as the read takes it");
        assert!(read("category=a", &["lang", "category"]).open);
        assert_eq!(read("", &["lang"]), KeptQuery { query: String::new(), open: false });
        assert_eq!(kept_query(None, &["lang"], Lang::from_code).query, "");
        assert_eq!(kept_query(Some("lang=xx&sort=price"), &["lang", "sort"], Lang::from_code).query, "sort=price");
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    const NAMES: [&str; 6] = ["lang", "page", "sort", "q", "category", "brand"];

    fn known() -> impl Strategy<Value = Vec<&'static str>> {
        prop::sample::subsequence(NAMES.to_vec(), 0..=NAMES.len())
    }

    /// A query of known and unknown names, with and without values, as clients write them.
    fn query() -> impl Strategy<Value = String> {
        let name = prop_oneof![prop::sample::select(NAMES.to_vec()).prop_map(str::to_owned), "[a-z%=]{0,6}"];
        let value = prop::option::of("[a-zA-Z0-9%+=_-]{0,12}");
        prop::collection::vec((name, value), 0..12).prop_map(|pairs| {
            pairs
                .into_iter()
                .map(|(name, value)| value.map_or(name.clone(), |value| format!("{name}={value}")))
                .collect::<Vec<_>>()
                .join("&")
        })
    }

    fn read(query: &str, known: &[&str]) -> KeptQuery {
        kept_query(Some(query), known, |value| Some(Lang::from_tag(Some(value))))
    }

    /// What a kept query must be: known names only, no longer than twice the query (writing it out adds
    /// an `=` to a name without one, and `lang` may become `lang=he`).
    fn assert_canonical(input: &str, known: &[&str], kept: &KeptQuery) -> Result<(), TestCaseError> {
        let names: Vec<&str> =
            kept.query.split('&').filter(|pair| !pair.is_empty()).map(|pair| pair.split_once('=').unwrap().0).collect();
        for name in &names {
            prop_assert!(known.contains(name), "{} is not known", name);
        }
        prop_assert!(kept.query.len() <= 2 * input.len() + 3, "{:?} from {:?}", kept.query, input);
        prop_assert_eq!(kept.open, names.iter().any(|name| *name != "lang"));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_kept_query_holds_only_known_names_and_is_bounded(query in query(), known in known()) {
            assert_canonical(&query, &known, &read(&query, &known))?;
            assert_canonical(&query, &known, &kept_query(Some(&query), &known, Lang::from_code))?;
        }

        #[test]
        fn any_query_gives_a_bounded_kept_query(query in "\\PC{0,200}", known in known()) {
            let kept = read(&query, &known);
            prop_assert!(kept.query.len() <= 2 * query.len() + 3);
        }

        #[test]
        fn a_kept_query_is_kept_as_it_is(query in query(), known in known()) {
            let kept = read(&query, &known);
            prop_assert_eq!(read(&kept.query, &known), kept);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_query_is_read_in_one_pass(query in query(), known in known()) {
            let large = vec![query.as_str(); 200_000 / query.len().max(1) + 1].join("&");
            assert_canonical(&large, &known, &read(&large, &known))?;
        }
    }
}
