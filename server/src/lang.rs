//! The five languages of the site; Hebrew is the default and the fallback.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The `lang` query parameter of localised answers.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangQuery {
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
