//! Field rules shared by the admin's content forms, with the generic admin messages (spec §5).
//! Each failing field gets one problem; `finish` answers them all at once (400 with `fields`).

use std::collections::BTreeMap;

use crate::{
    error::{ApiError, ApiResult, ErrorCode, Problem, Text},
    lang::Lang,
};

pub(crate) const REQUIRED: Text = Text::new(ErrorCode::Required, "This field is required");
pub(crate) const SLUG: Text = Text::new(ErrorCode::NotASlug, "Use lowercase letters, digits and hyphens only");
pub(crate) const WEB_ADDRESS: Text =
    Text::new(ErrorCode::NotAWebAddress, "Enter a web address starting with https:// or /");
/// An absolute address (a server's, a site's): `http://` or `https://` only.
pub(crate) const HTTP_ADDRESS: Text =
    Text::new(ErrorCode::NotAnHttpAddress, "Enter an address starting with http:// or https://");
pub(crate) const ID_FIXED: Text = Text::new(ErrorCode::IdFixed, "The id cannot be changed");

/// A changed record keeps its id: the one in the body must be the one in the path.
pub(crate) fn same_id(field: &str, in_body: &str, in_path: &str) -> ApiResult<()> {
    if in_body == in_path {
        Ok(())
    } else {
        Err(ApiError::invalid_field(field, ID_FIXED))
    }
}

pub(crate) fn too_long(max: usize) -> Problem {
    Problem::with(ErrorCode::TooLong, format!("Must be at most {max} characters"), [("max", max.to_string())])
}

/// A number outside `min..=max`.
pub(crate) fn out_of_range(min: impl ToString, max: impl ToString) -> Problem {
    let (min, max) = (min.to_string(), max.to_string());
    Problem::with(ErrorCode::OutOfRange, format!("Must be between {min} and {max}"), [("min", min), ("max", max)])
}

/// Collects the problems of the fields that break a rule; the first rule a field breaks wins.
#[derive(Default)]
pub(crate) struct FieldErrors(BTreeMap<String, Problem>);

impl FieldErrors {
    /// Records `problem` for `field` unless the field already failed a rule.
    pub(crate) fn fail(&mut self, field: &str, problem: impl Into<Problem>) {
        self.0.entry(field.to_owned()).or_insert_with(|| problem.into());
    }

    /// Filled (after trimming) and at most `max` characters.
    pub(crate) fn required(&mut self, field: &str, value: &str, max: usize) {
        if value.trim().is_empty() {
            self.fail(field, REQUIRED);
        }
        self.max_len(field, value, max);
    }

    pub(crate) fn max_len(&mut self, field: &str, value: &str, max: usize) {
        if value.chars().count() > max {
            self.fail(field, too_long(max));
        }
    }

    pub(crate) fn max_items(&mut self, field: &str, count: usize, max: usize) {
        if count > max {
            self.fail(
                field,
                Problem::with(ErrorCode::TooManyItems, format!("At most {max} items"), [("max", max.to_string())]),
            );
        }
    }

    /// A rule that returns its refusal (the spec's field rules in users/validation.rs).
    pub(crate) fn rule(&mut self, field: &str, outcome: Result<(), Text>) {
        if let Err(text) = outcome {
            self.fail(field, text);
        }
    }

    pub(crate) fn within(&mut self, field: &str, value: u32, range: std::ops::RangeInclusive<u32>) {
        if !range.contains(&value) {
            self.fail(field, out_of_range(range.start(), range.end()));
        }
    }

    /// An id in slug form: `bloch-heritage`. Up to 64 characters.
    pub(crate) fn slug(&mut self, field: &str, value: &str) {
        self.required(field, value, 64);
        if !is_slug(value) {
            self.fail(field, SLUG);
        }
    }

    /// An absolute http(s) address or a path on this site; empty passes unless the field is required.
    pub(crate) fn web_address(&mut self, field: &str, value: &str, required: bool) {
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
    pub(crate) fn languages<T>(
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

    pub(crate) fn finish(self) -> ApiResult<()> {
        ApiError::from_fields(self.0)
    }
}

/// How the forms name a language's text field: `translations.he.name`.
pub(crate) fn text_field(lang: Lang, name: &str) -> String {
    format!("translations.{}.{name}", lang.code())
}

pub(crate) fn is_slug(value: &str) -> bool {
    !value.is_empty()
        && value
            .split('-')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// `text` as a slug of at most `max` characters: lower-case letters and digits in runs joined by single
/// dashes, accented letters without their accents and "+" as "plus" ("Box 3+" is another model than
/// "Box 3"). Words past `max` are left out whole.
pub(crate) fn slug_of(text: &str, max: usize) -> String {
    let text: String = text.to_lowercase().chars().map(unaccented).collect();
    let text = text.replace('+', " plus ");
    let mut slug = String::new();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        if slug.len() + 1 + word.len() > max {
            break;
        }
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(word);
    }
    slug
}

fn unaccented(letter: char) -> char {
    match letter {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        other => other,
    }
}

/// `https://host/...`, `http://host/...` or `/path` (not `//host`, which leaves the site).
pub(crate) fn is_web_address(value: &str) -> bool {
    if value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>') {
        return false;
    }
    if let Some(path) = value.strip_prefix('/') {
        return !path.starts_with('/') && !path.starts_with('\\');
    }
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    rest.and_then(|r| r.split(['/', '?', '#']).next()).is_some_and(|host| !host.is_empty() && !host.contains('@'))
}

/// The rules above as OpenAPI schemas, for `#[schema(schema_with = …)]`: what the document promises
/// is what the checks accept. Patterns are read by other tools' regex engines, so they stay plain
/// (no Unicode classes).
pub(crate) mod schema {
    use utoipa::{
        openapi::{
            schema::{AdditionalProperties, AnyOfBuilder},
            ArrayBuilder, Object, ObjectBuilder, RefOr, Schema, Type,
        },
        ToSchema,
    };

    use crate::lang::Lang;

    const ADDRESS_CHAR: &str = r#"[^\s\x00-\x1f\x7f-\x9f"<>]"#;

    fn text(pattern: String, max: usize) -> Object {
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(max)).build()
    }

    pub(crate) fn slug() -> Object {
        text(r"^[a-z0-9]+(-[a-z0-9]+)*$".to_owned(), 64)
    }

    fn address() -> String {
        let c = ADDRESS_CHAR;
        let host = r#"[^\s\x00-\x1f\x7f-\x9f"<>/?#@]+"#;
        format!(r"https?://{host}([/?#]{c}*)?|/([^/\\\s\x00-\x1f\x7f-\x9f<>\x22]{c}*)?")
    }

    /// `https://host/…`, `http://host/…` or `/path`.
    pub(crate) fn web_address() -> Object {
        text(format!("^({})$", address()), 2000)
    }

    /// A web address, or empty for none.
    pub(crate) fn optional_web_address() -> Object {
        text(format!("^({})?$", address()), 2000)
    }

    /// A `BTreeMap<Lang, String>`: any of the languages, each at most `max` characters.
    pub(crate) fn language_texts(max: usize) -> Object {
        per_language(ObjectBuilder::new().schema_type(Type::String).max_length(Some(max)).build(), false)
    }

    /// A `BTreeMap<Lang, _>`: a `value` for any language (`every`: for every language), no other key.
    pub(crate) fn per_language(value: Object, every: bool) -> Object {
        let mut object = ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(AdditionalProperties::FreeForm(false)));
        for lang in Lang::ALL {
            object = object.property(lang.code(), value.clone());
            if every {
                object = object.required(lang.code());
            }
        }
        object.build()
    }

    /// A `BTreeMap<Lang, T>` of texts: Hebrew, the fallback, is required; another language may be left
    /// out or left blank (it is then dropped); no other key.
    pub(crate) fn translations<T: ToSchema>() -> Object {
        let RefOr::T(Schema::Object(text)) = T::schema() else { unreachable!("a text type is an object") };
        let either = Schema::AnyOf(AnyOfBuilder::new().item(text.clone()).item(blank(&text)).build());
        let mut object = ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(AdditionalProperties::FreeForm(false)))
            .property(Lang::DEFAULT.code(), text)
            .required(Lang::DEFAULT.code());
        for lang in Lang::ALL.into_iter().filter(|lang| *lang != Lang::DEFAULT) {
            object = object.property(lang.code(), either.clone());
        }
        object.build()
    }

    /// The text with every field blank: spaces at most, in its strings and its lists' items.
    fn blank(text: &Object) -> Object {
        let blank_string = || ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^\s*$")).build();
        let mut blank = text.clone();
        for property in blank.properties.values_mut() {
            *property = match property {
                RefOr::T(Schema::Array(_)) => ArrayBuilder::new().items(blank_string()).build().into(),
                _ => blank_string().into(),
            };
        }
        blank
    }
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
        let Err(invalid @ ApiError::Invalid(_)) = errors.finish() else { panic!("expected invalid") };
        assert_eq!(invalid.to_string(), REQUIRED.english);
        let ApiError::Invalid(fields) = invalid else { unreachable!() };
        assert_eq!(fields["id"], Problem::from(REQUIRED));
        assert_eq!(fields["name"], too_long(3));
        assert_eq!(fields["name"].message, "Must be at most 3 characters");
    }
}
