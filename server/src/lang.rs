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
}
