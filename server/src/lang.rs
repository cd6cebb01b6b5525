//! The five languages of the site; Hebrew is the default and the fallback.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The `lang` query parameter of localised answers.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct LangQuery {
    /// he, en, ru, fr or es; anything else (or nothing) gives Hebrew.
    pub lang: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    He,
    En,
    Ru,
    Fr,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::He, Lang::En, Lang::Ru, Lang::Fr, Lang::Es];
    pub const DEFAULT: Lang = Lang::He;

    pub fn code(self) -> &'static str {
        match self {
            Lang::He => "he",
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Fr => "fr",
            Lang::Es => "es",
        }
    }

    pub fn is_rtl(self) -> bool {
        self == Lang::He
    }

    /// The language with exactly this code.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// Reads a language tag such as `en` or `en-US`; anything else falls back to Hebrew.
    pub fn from_tag(tag: Option<&str>) -> Lang {
        let primary = tag.unwrap_or_default().split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary).unwrap_or(Lang::DEFAULT)
    }

    /// The site language a browser prefers most by its `Accept-Language` header (`fr-CA, en;q=0.8`),
    /// as the web app reads `navigator.languages`: ranked by weight, equal weights in the order given.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut ranked: Vec<(f32, Lang)> = header
            .split(',')
            .filter_map(|entry| {
                let mut parts = entry.split(';');
                let tag = parts.next()?.trim();
                let weight = parts
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
                Some((weight, Lang::from_code(&primary)?)).filter(|(w, _)| *w > 0.0)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked.first().map(|(_, lang)| *lang)
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn tags_fall_back_to_hebrew() {
        assert_eq!(Lang::from_tag(Some("en-US")), Lang::En);
        assert_eq!(Lang::from_tag(Some("RU")), Lang::Ru);
        assert_eq!(Lang::from_tag(Some("de")), Lang::He);
        assert_eq!(Lang::from_tag(Some("")), Lang::He);
        assert_eq!(Lang::from_tag(None), Lang::He);
    }

    #[test]
    fn accept_language_picks_the_most_wanted_site_language() {
        assert_eq!(Lang::from_accept_language("de-DE, fr-CA;q=0.9, en;q=0.8"), Some(Lang::Fr));
        assert_eq!(Lang::from_accept_language("en;q=0.5, ru"), Some(Lang::Ru));
        assert_eq!(Lang::from_accept_language("es, en"), Some(Lang::Es));
        assert_eq!(Lang::from_accept_language("en;q=0, he;q=0.1"), Some(Lang::He));
        assert_eq!(Lang::from_accept_language("de, *"), None);
        assert_eq!(Lang::from_accept_language("en;q=abc"), None);
        assert_eq!(Lang::from_accept_language(""), None);
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::Lang;

    /// A language tag with a random-case primary subtag, a site language's or another's.
    fn tag() -> impl Strategy<Value = String> {
        (
            prop::sample::select(vec!["he", "en", "ru", "fr", "es", "de", "it", "zh", "*", "iw", "e", "enn"]),
            prop::collection::vec(any::<bool>(), 3),
            prop::option::of(("[-_]", "[A-Za-z0-9]{1,8}")),
        )
            .prop_map(|(primary, upper, region)| {
                let primary: String = primary
                    .chars()
                    .zip(upper)
                    .map(|(c, upper)| if upper { c.to_ascii_uppercase() } else { c })
                    .collect();
                match region {
                    Some((dash, region)) => format!("{primary}{dash}{region}"),
                    None => primary,
                }
            })
    }

    fn primary_language(tag: &str) -> Option<Lang> {
        Lang::from_code(&tag.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn any_tag_reads_as_its_site_language_or_hebrew(tag in "\\PC{0,40}|[a-zA-Z_-]{0,10}") {
            prop_assert_eq!(Lang::from_tag(Some(&tag)), primary_language(&tag).unwrap_or(Lang::DEFAULT));
        }

        #[test]
        fn a_generated_tag_reads_as_its_primary_subtag(tag in tag()) {
            prop_assert_eq!(Lang::from_tag(Some(&tag)), primary_language(&tag).unwrap_or(Lang::He));
        }

        #[test]
        fn any_accept_language_names_a_language_it_lists_or_none(header in "\\PC{0,200}|[a-zA-Z,;=q. 0-9*-]{0,200}") {
            if let Some(lang) = Lang::from_accept_language(&header) {
                prop_assert!(header.to_ascii_lowercase().contains(lang.code()));
            }
        }

        #[test]
        fn accept_language_picks_the_heaviest_site_language_first_listed_on_a_tie(
            entries in prop::collection::vec((tag(), prop::option::of(0..=1000u32), " {0,2}"), 0..10)
        ) {
            let header = entries
                .iter()
                .map(|(tag, weight, space)| match weight {
                    Some(weight) => format!("{space}{tag};{space}q={}.{:03}", weight / 1000, weight % 1000),
                    None => format!("{space}{tag}"),
                })
                .collect::<Vec<_>>()
                .join(",");
            let mut best: Option<(u32, Lang)> = None;
            for (tag, weight, _) in &entries {
                let weight = weight.unwrap_or(1000);
                if let Some(lang) = primary_language(tag).filter(|_| weight > 0) {
                    if best.is_none_or(|(heaviest, _)| weight > heaviest) {
                        best = Some((weight, lang));
                    }
                }
            }
            prop_assert_eq!(Lang::from_accept_language(&header), best.map(|(_, lang)| lang), "{}", header);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_accept_language_is_read(entry in "[a-zA-Z-]{1,8}(;q=0\\.[0-9])?", repeat in 40_000..60_000usize) {
            let header = format!("{},en;q=0.01", vec![entry.as_str(); repeat].join(", "));
            prop_assert!(header.len() > 100_000);
            prop_assert!(Lang::from_accept_language(&header).is_some());
            prop_assert_eq!(Lang::from_tag(Some(&header)), primary_language(&header).unwrap_or(Lang::He));
        }
    }
}
