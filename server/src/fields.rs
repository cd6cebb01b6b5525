//! Field rules shared by the admin's content forms, with the generic admin messages (spec §5).
//! Each failing field gets one message; `finish` answers them all at once (400 with `fields`).

use std::collections::BTreeMap;

use crate::{
    error::{ApiError, ApiResult},
    lang::Lang,
};

pub const REQUIRED: &str = "This field is required";
pub const SLUG: &str = "Use lowercase letters, digits and hyphens only";
pub const WEB_ADDRESS: &str = "Enter a web address starting with https:// or /";

pub fn too_long(max: usize) -> String {
    format!("Must be at most {max} characters")
}

/// Collects the messages of the fields that break a rule; the first rule a field breaks wins.
#[derive(Default)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    /// Records `message` for `field` unless the field already failed a rule.
    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_insert_with(|| message.into());
    }

    /// Filled (after trimming) and at most `max` characters.
    pub fn required(&mut self, field: &str, value: &str, max: usize) {
        if value.trim().is_empty() {
            self.fail(field, REQUIRED);
        }
        self.max_len(field, value, max);
    }

    pub fn max_len(&mut self, field: &str, value: &str, max: usize) {
        if value.chars().count() > max {
            self.fail(field, too_long(max));
        }
    }

    pub fn max_items(&mut self, field: &str, count: usize, max: usize) {
        if count > max {
            self.fail(field, format!("At most {max} items"));
        }
    }

    /// A rule that returns its message (the spec's field rules in users/validation.rs).
    pub fn rule(&mut self, field: &str, outcome: Result<(), &'static str>) {
        if let Err(message) = outcome {
            self.fail(field, message);
        }
    }

    pub fn within(&mut self, field: &str, value: u32, range: std::ops::RangeInclusive<u32>) {
        if !range.contains(&value) {
            self.fail(field, format!("Must be between {} and {}", range.start(), range.end()));
        }
    }

    /// An id in slug form: `bloch-heritage`. Up to 64 characters.
    pub fn slug(&mut self, field: &str, value: &str) {
        self.required(field, value, 64);
        if !is_slug(value) {
            self.fail(field, SLUG);
        }
    }

    /// An absolute http(s) address or a path on this site; empty passes unless the field is required.
    pub fn web_address(&mut self, field: &str, value: &str, required: bool) {
        if required {
            self.required(field, value, 2000);
        } else {
            self.max_len(field, value, 2000);
        }
        if !value.is_empty() && !is_web_address(value) {
            self.fail(field, WEB_ADDRESS);
        }
    }

    /// Checks each language's texts with `check`; Hebrew, the fallback, must be there (when it is
    /// missing, its `first` text is reported as required).
    pub fn languages<T>(
        &mut self,
        translations: &std::collections::BTreeMap<Lang, T>,
        first: &str,
        check: impl Fn(&mut Self, Lang, &T),
    ) {
        if !translations.contains_key(&Lang::DEFAULT) {
            self.fail(&text_field(Lang::DEFAULT, first), REQUIRED);
        }
        for (lang, text) in translations {
            check(self, *lang, text);
        }
    }

    pub fn finish(self) -> ApiResult<()> {
        ApiError::from_fields(self.0)
    }
}

/// How the forms name a language's text field: `translations.he.name`.
pub fn text_field(lang: Lang, name: &str) -> String {
    format!("translations.{}.{name}", lang.code())
}

pub fn is_slug(value: &str) -> bool {
    !value.is_empty()
        && value
            .split('-')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// `https://host/...`, `http://host/...` or `/path` (not `//host`, which leaves the site).
pub fn is_web_address(value: &str) -> bool {
    if value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>') {
        return false;
    }
    if let Some(path) = value.strip_prefix('/') {
        return !path.starts_with('/') && !path.starts_with('\\');
    }
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    rest.and_then(|r| r.split(['/', '?', '#']).next()).is_some_and(|host| !host.is_empty() && !host.contains('@'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        for good in ["bloch", "bloch-heritage", "a1-2b"] {
            assert!(is_slug(good), "{good}");
        }
        for bad in ["", "Bloch", "bloch_heritage", "-a", "a-", "a--b", "a b", "שלום"] {
            assert!(!is_slug(bad), "{bad}");
        }
    }

    #[test]
    fn web_addresses() {
        for good in ["https://www.blochworld.com/", "http://x.org", "/images/a.svg", "/uploads/ab.png?x=1"] {
            assert!(is_web_address(good), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "//evil.com/x",
            "https://",
            "ftp://x",
            "data:image/png;base64,AA",
            "https://a b",
            "https://u@evil",
        ] {
            assert!(!is_web_address(bad), "{bad}");
        }
    }

    #[test]
    fn first_broken_rule_is_reported_per_field() {
        let mut errors = FieldErrors::default();
        errors.slug("id", "");
        errors.required("name", &"x".repeat(5), 3);
        let Err(ApiError::Invalid { message, fields }) = errors.finish() else { panic!("expected invalid") };
        assert_eq!(message, REQUIRED);
        assert_eq!(fields["id"], REQUIRED);
        assert_eq!(fields["name"], "Must be at most 3 characters");
    }
}
