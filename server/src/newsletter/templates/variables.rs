//! The `{{variables}}` a template may use, found in its texts and filled in per recipient.

/// Every variable a template may use, as written between the braces.
pub const VARIABLES: [&str; 5] = ["brandName", "username", "siteName", "siteUrl", "unsubscribeUrl"];

/// One piece of a template's text: as written, or a variable to fill.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Variable(&'a str),
}

#[derive(Debug, PartialEq, Eq)]
pub enum VariableError {
    /// `{{name}}` with a name not in `VARIABLES`.
    Unknown(String),
    /// `{{` with no `}}` after it.
    Unclosed,
}

impl VariableError {
    /// The field's message (the admin's screen translates it by its start, and shows the name as is).
    pub fn message(&self) -> String {
        match self {
            Self::Unknown(name) => format!("Unknown variable: {{{{{name}}}}}"),
            Self::Unclosed => "A variable is not closed: write {{name}}".to_owned(),
        }
    }
}

/// Cuts `text` into text and variables (`{{ name }}`, spaces inside allowed); an unknown name or an
/// unclosed `{{` is an error, so a sent mail never has a blank where a word should be.
pub fn pieces(text: &str) -> Result<Vec<Piece<'_>>, VariableError> {
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
pub struct Values {
    pub brand_name: String,
    pub username: String,
    pub site_name: String,
    pub site_url: String,
    pub unsubscribe_url: String,
}

impl Values {
    pub fn get(&self, name: &str) -> &str {
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
        assert_eq!(VariableError::Unknown("usrname".into()).message(), "Unknown variable: {{usrname}}");
    }
}
