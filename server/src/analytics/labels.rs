//! The words of the analytics exports, in the admin's language: read from the admin screen's own locale
//! files, so a CSV or a report says exactly what the screen says.

use std::{collections::HashMap, sync::LazyLock};

use serde_json::Value;

use crate::lang::Lang;

const LOCALES: [(Lang, &str); 5] = [
    (Lang::He, include_str!("../../../web/src/features/admin/locales/he.json")),
    (Lang::En, include_str!("../../../web/src/features/admin/locales/en.json")),
    (Lang::Ru, include_str!("../../../web/src/features/admin/locales/ru.json")),
    (Lang::Fr, include_str!("../../../web/src/features/admin/locales/fr.json")),
    (Lang::Es, include_str!("../../../web/src/features/admin/locales/es.json")),
];

static TEXTS: LazyLock<HashMap<Lang, Value>> = LazyLock::new(|| {
    LOCALES
        .into_iter()
        .map(|(lang, json)| (lang, serde_json::from_str(json).expect("the admin's locale files are JSON")))
        .collect()
});

/// The words of one language.
#[derive(Clone, Copy)]
pub(crate) struct Labels(pub Lang);

impl Labels {
    /// The text at a dotted `key` (`analytics.headline.visitors`); English, then the key, when missing.
    pub(crate) fn get(self, key: &str) -> String {
        let find = |lang: Lang| {
            key.split('.')
                .try_fold(&TEXTS[&lang], |node, part| node.get(part))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        find(self.0).or_else(|| find(Lang::En)).unwrap_or_else(|| key.to_owned())
    }

    /// A breakdown's value as the screen shows it (web/src/features/admin/analytics/useValueLabel.ts).
    pub(crate) fn value(self, filter: Option<&str>, value: &str) -> String {
        match filter {
            Some("source") if value.is_empty() => self.get("analytics.direct"),
            Some("event") => self.known(&format!("analytics.events.{value}"), value),
            Some("device") => self.known(&format!("analytics.devices.{value}"), value),
            Some("browser" | "os") if value == "Other" => self.get("analytics.other"),
            _ => value.to_owned(),
        }
    }

    fn known(self, key: &str, otherwise: &str) -> String {
        let text = self.get(key);
        if text == key {
            otherwise.to_owned()
        } else {
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_come_from_the_admin_locales_with_english_as_fallback() {
        assert_eq!(Labels(Lang::En).get("analytics.headline.visitors"), "Unique visitors");
        assert_ne!(Labels(Lang::He).get("analytics.headline.visitors"), "Unique visitors");
        assert_eq!(Labels(Lang::Fr).get("analytics.no.such.key"), "analytics.no.such.key");
        assert_eq!(Labels(Lang::En).value(Some("source"), ""), "Direct / none");
        assert_eq!(Labels(Lang::En).value(Some("event"), "chatOpened"), "Chat opened");
        assert_eq!(Labels(Lang::En).value(Some("event"), "unknown"), "unknown");
        for lang in Lang::ALL {
            assert!(TEXTS[&lang]["analytics"].is_object(), "{lang:?}");
        }
    }
}
