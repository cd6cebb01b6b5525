//! The `{{variables}}` a template may use, found in its texts and filled in per recipient.

use crate::error::{ErrorCode, Problem};

/// Every variable a template may use, as written between the braces.
pub(crate) const VARIABLES: [&str; 5] = ["brandName", "username", "siteName", "siteUrl", "unsubscribeUrl"];

/// One piece of a template's text: as written, or a variable to fill.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    Text(&'a str),
    Variable(&'a str),
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum VariableError {
    /// `{{name}}` with a name not in `VARIABLES`.
    Unknown(String),
    /// `{{` with no `}}` after it.
    Unclosed,
}

impl VariableError {
    /// The field's problem; the name goes in its values as written, braces and all.
    pub(crate) fn problem(&self) -> Problem {
        match self {
            Self::Unknown(name) => {
                let written = format!("{{{{{name}}}}}");
                Problem::with(ErrorCode::UnknownVariable, format!("Unknown variable: {written}"), [("name", written)])
            }
            Self::Unclosed => Problem::with(
                ErrorCode::VariableUnclosed,
                "A variable is not closed: write {{name}}".to_owned(),
                [("example", "{{name}}".to_owned())],
            ),
        }
    }
}

/// Cuts `text` into text and variables (`{{ name }}`, spaces inside allowed); an unknown name or an
/// unclosed `{{` is an error, so a sent mail never has a blank where a word should be.
pub(crate) fn pieces(text: &str) -> Result<Vec<Piece<'_>>, VariableError> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        if start > 0 {
            pieces.push(Piece::Text(&rest[..start]));
        }
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or(VariableError::Unclosed)?;
        let name = after[..end].trim();
        let known =
            VARIABLES.iter().find(|known| **known == name).ok_or_else(|| VariableError::Unknown(name.to_owned()))?;
        pieces.push(Piece::Variable(known));
        rest = &after[end + 2..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest));
    }
    Ok(pieces)
}

/// What each variable stands for in one message.
#[derive(Clone, Debug)]
pub(crate) struct Values {
    pub brand_name: String,
    pub username: String,
    pub site_name: String,
    pub site_url: String,
    pub unsubscribe_url: String,
}

impl Values {
    pub(crate) fn get(&self, name: &str) -> &str {
        match name {
            "brandName" => &self.brand_name,
            "username" => &self.username,
            "siteName" => &self.site_name,
            "siteUrl" => &self.site_url,
            "unsubscribeUrl" => &self.unsubscribe_url,
            _ => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_text_and_variables() {
        assert_eq!(
            pieces("Hi {{username}}, new at {{ brandName }}!").unwrap(),
            [
                Piece::Text("Hi "),
                Piece::Variable("username"),
                Piece::Text(", new at "),
                Piece::Variable("brandName"),
                Piece::Text("!")
            ]
        );
        assert_eq!(pieces("").unwrap(), []);
        assert_eq!(pieces("{{siteUrl}}").unwrap(), [Piece::Variable("siteUrl")]);
    }

    #[test]
    fn refuses_unknown_and_unclosed_variables() {
        assert_eq!(pieces("Hi {{usrname}}").unwrap_err(), VariableError::Unknown("usrname".into()));
        assert_eq!(pieces("Hi {{}}").unwrap_err(), VariableError::Unknown(String::new()));
        assert_eq!(pieces("Hi {{username").unwrap_err(), VariableError::Unclosed);
        assert_eq!(VariableError::Unknown("usrname".into()).problem().message, "Unknown variable: {{usrname}}");
    }
}

#[cfg(test)]
mod proptests {
    use proptest::prelude::*;

    use super::*;

    /// A variable written with the spaces before and after its name inside the braces.
    type Written = (&'static str, String, String);
    /// A template's parts: text, each followed by a variable or not.
    type Parts = Vec<(String, Option<Written>)>;

    /// A template written from text (without braces) and known variables with spaces inside the braces.
    fn template() -> impl Strategy<Value = Parts> {
        prop::collection::vec(
            ("[^{}]{0,20}", prop::option::of((prop::sample::select(VARIABLES.to_vec()), " {0,2}", "[ \t]{0,2}"))),
            0..12,
        )
    }

    /// The template written with no spaces inside the braces.
    fn unspaced(parts: &[(String, Option<Written>)]) -> String {
        parts
            .iter()
            .map(|(words, variable)| match variable {
                Some((name, _, _)) => format!("{words}{{{{{name}}}}}"),
                None => words.clone(),
            })
            .collect()
    }

    /// Checks that the pieces account for every byte of `text`, in order: each text piece as it is, each
    /// variable as `{{`, its name with any spaces around it, and `}}`.
    fn assert_pieces_make_up(text: &str, pieces: &[Piece<'_>]) -> Result<(), TestCaseError> {
        let mut rest = text;
        for (index, piece) in pieces.iter().enumerate() {
            match piece {
                Piece::Text(part) => {
                    prop_assert!(!part.is_empty() && !part.contains("{{"));
                    prop_assert!(!matches!(pieces.get(index + 1), Some(Piece::Text(_))), "two texts in a row");
                    rest = rest.strip_prefix(part).ok_or_else(|| TestCaseError::fail("a text piece out of place"))?;
                }
                Piece::Variable(name) => {
                    prop_assert!(VARIABLES.contains(name));
                    let inside = rest.strip_prefix("{{").ok_or_else(|| TestCaseError::fail("no {{ at a variable"))?;
                    let end = inside.find("}}").ok_or_else(|| TestCaseError::fail("no }} after a variable"))?;
                    prop_assert_eq!(inside[..end].trim(), *name);
                    rest = &inside[end + 2..];
                }
            }
        }
        prop_assert_eq!(rest, "");
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn the_pieces_of_any_text_make_up_the_text_or_it_is_refused(text in "\\PC{0,120}|[{} a-zA-Z]{0,60}") {
            match pieces(&text) {
                Ok(pieces) => assert_pieces_make_up(&text, &pieces)?,
                Err(VariableError::Unknown(name)) => {
                    prop_assert!(text.contains("{{") && text.contains(name.as_str()));
                    prop_assert!(!VARIABLES.contains(&name.as_str()));
                }
                Err(VariableError::Unclosed) => prop_assert!(text.contains("{{")),
            }
        }

        #[test]
        fn a_template_of_known_variables_is_cut_into_what_it_was_written_from(parts in template()) {
            let mut text = String::new();
            let mut expected = Vec::new();
            for (words, variable) in &parts {
                text += words;
                if !words.is_empty() {
                    match expected.last_mut() {
                        Some(Piece::Text(_)) => {}
                        _ => expected.push(Piece::Text("")),
                    }
                }
                if let Some((name, before, after)) = variable {
                    text += &format!("{{{{{before}{name}{after}}}}}");
                    expected.push(Piece::Variable(name));
                }
            }
            let pieces = pieces(&text).unwrap();
            assert_pieces_make_up(&text, &pieces)?;
            // Written with no spaces inside the braces, the pieces join back into the text.
            let kinds = |pieces: &[Piece<'_>]| pieces.iter().map(|p| matches!(p, Piece::Text(_))).collect::<Vec<_>>();
            prop_assert_eq!(kinds(&pieces), kinds(&expected));
            let joined: String = pieces
                .iter()
                .map(|piece| match piece {
                    Piece::Text(text) => (*text).to_owned(),
                    Piece::Variable(name) => format!("{{{{{name}}}}}"),
                })
                .collect();
            let unspaced = unspaced(&parts);
            prop_assert_eq!(joined, unspaced);
        }

        #[test]
        fn an_unknown_or_unclosed_variable_is_refused(
            before in "[^{}]{0,20}",
            name in "[a-zA-Z ]{0,20}",
            closed in any::<bool>(),
        ) {
            let text = format!("{before}{{{{{name}{}", if closed { "}}" } else { "" });
            let result = pieces(&text);
            if !closed {
                prop_assert_eq!(result, Err(VariableError::Unclosed));
            } else if !VARIABLES.contains(&name.trim()) {
                prop_assert_eq!(result, Err(VariableError::Unknown(name.trim().to_owned())));
            } else {
                prop_assert!(result.is_ok());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn a_large_template_is_cut_in_one_pass(parts in template(), repeat in 1_000..2_000usize) {
            let unit = unspaced(&parts);
            let text = format!("{}x", unit.repeat(repeat.max(200_000 / unit.len().max(1))));
            let pieces = pieces(&text).unwrap();
            assert_pieces_make_up(&text, &pieces)?;
        }

        #[test]
        fn many_opening_braces_without_a_close_are_refused_in_one_pass(
            unit in "\\{\\{[a-z ]{0,10}",
            repeat in 20_000..40_000usize,
        ) {
            let text = unit.repeat(repeat);
            prop_assert_eq!(pieces(&text), Err(VariableError::Unclosed));
        }
    }
}
