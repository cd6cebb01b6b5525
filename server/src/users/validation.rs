//! The spec's field rules (§5), with its messages verbatim.

use chrono::Datelike;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::{ErrorCode, Text};

/// Characters that count as "special" in a password.
pub(crate) const PASSWORD_SPECIALS: &str = "@!#$%^&*()-+";
pub(crate) const PASSWORD_MIN_LEN: usize = 8;
pub(crate) const PASSWORD_MAX_LEN: usize = 128;
pub(crate) const LOCATION_MAX_LEN: usize = 99;
const USERNAME_LEN: std::ops::RangeInclusive<usize> = 3..=32;

pub(crate) const USERNAME_REQUIRED: Text = Text::new(ErrorCode::UsernameRequired, "Username is required");
pub(crate) const USERNAME_LETTER: Text = Text::new(ErrorCode::UsernameLetter, "Username must start with a letter");
pub(crate) const USERNAME_LENGTH: Text =
    Text::new(ErrorCode::UsernameLength, "Username must be 3 to 32 characters long");
pub(crate) const USERNAME_CHARACTERS: Text = Text::new(
    ErrorCode::UsernameCharacters,
    "Username may contain only letters, digits, dots, hyphens and underscores",
);
pub(crate) const INVALID_EMAIL: Text = Text::new(ErrorCode::InvalidEmail, "Invalid email address");
pub(crate) const PASSWORD_SHORT: Text =
    Text::new(ErrorCode::PasswordShort, "Password must be at least 8 characters long");
pub(crate) const PASSWORD_LONG: Text =
    Text::new(ErrorCode::PasswordLong, "Password must be at most 128 characters long");
pub(crate) const PASSWORD_SPECIAL: Text =
    Text::new(ErrorCode::PasswordSpecial, "Password must contain at least one special character (@!#$%^&*()-+)");
pub(crate) const PASSWORD_COMMON: Text =
    Text::new(ErrorCode::PasswordCommon, "This password is too common. Please choose another one.");
pub(crate) const PASSWORDS_DIFFER: Text = Text::new(ErrorCode::PasswordsDiffer, "Passwords do not match");
pub(crate) const INVALID_PHONE: Text = Text::new(ErrorCode::InvalidPhone, "Invalid phone number format");
pub(crate) const LOCATION_TOO_LONG: Text =
    Text::new(ErrorCode::LocationTooLong, "Location must be under 100 characters");
pub(crate) const INVALID_GENDER: Text = Text::new(ErrorCode::InvalidGender, "Invalid gender");
pub(crate) const INVALID_BIRTH_DATE: Text = Text::new(ErrorCode::InvalidBirthDate, "Invalid birth date");

/// The most used passwords (and their usual variants, once lower-cased and with common letter
/// swaps undone): a password built on one of them is refused even when it follows the other rules.
const COMMON_PASSWORDS: &[&str] = &[
    "password",
    "123456",
    "12345678",
    "123456789",
    "1234567890",
    "qwerty",
    "qwertyuiop",
    "abc123",
    "iloveyou",
    "admin",
    "welcome",
    "letmein",
    "monkey",
    "dragon",
    "football",
    "baseball",
    "sunshine",
    "princess",
    "master",
    "shadow",
    "superman",
    "trustno1",
    "starwars",
    "whatever",
    "freedom",
    "qazwsx",
    "michael",
    "jennifer",
    "jordan",
    "hunter",
    "ashley",
    "charlie",
    "computer",
    "secret",
    "summer",
    "winter",
    "login",
    "changeme",
    "ballet",
    "ballerina",
    "pointe",
    "dancer",
    "dance",
    "asdfghjkl",
    "zxcvbnm",
    "111111",
    "000000",
    "1q2w3e4r",
    "1qaz2wsx",
    "q1w2e3r4",
    "aa123456",
    "password1",
    "qwerty123",
];

/// A username is a handle, not free text: it is shown to others and put in e-mails, and it must never
/// read as an e-mail address (login takes either, so `@` would let one account's name match another's
/// address).
pub(crate) fn username(value: &str) -> Result<(), Text> {
    let value = value.trim();
    match value.chars().next() {
        None => return Err(USERNAME_REQUIRED),
        Some(first) if !first.is_alphabetic() => return Err(USERNAME_LETTER),
        Some(_) => {}
    }
    if !USERNAME_LEN.contains(&value.chars().count()) {
        return Err(USERNAME_LENGTH);
    }
    if !value.chars().all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-')) {
        return Err(USERNAME_CHARACTERS);
    }
    Ok(())
}

pub(crate) fn email(value: &str) -> Result<(), Text> {
    let invalid = Err(INVALID_EMAIL);
    let Some((local, domain)) = value.trim().split_once('@') else { return invalid };
    let domain_ok = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-');
    if local.is_empty() || local.contains(char::is_whitespace) || local.len() > 64 || !domain_ok || value.len() > 254 {
        return invalid;
    }
    Ok(())
}

pub(crate) fn password(value: &str) -> Result<(), Text> {
    let length = value.chars().count();
    if length < PASSWORD_MIN_LEN {
        return Err(PASSWORD_SHORT);
    }
    if length > PASSWORD_MAX_LEN {
        return Err(PASSWORD_LONG);
    }
    if !value.chars().any(|c| PASSWORD_SPECIALS.contains(c)) {
        return Err(PASSWORD_SPECIAL);
    }
    if is_common(value) {
        return Err(PASSWORD_COMMON);
    }
    Ok(())
}

pub(crate) fn passwords_match(password: &str, confirmation: &str) -> Result<(), Text> {
    if password == confirmation {
        Ok(())
    } else {
        Err(PASSWORDS_DIFFER)
    }
}

/// A new password and its confirmation, as sign-up, the admin's new-user form and a reset take them.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NewPasswordFields {
    /// 8–128 characters with a letter, a digit and one of `@!#$%^&*()-+`, not a common password.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub password: String,
    /// The same as `password`.
    #[serde(default)]
    #[schema(required = true)]
    pub confirm_password: String,
}

impl NewPasswordFields {
    pub(crate) fn checks(&self) -> [(&'static str, Result<(), Text>); 2] {
        new_password_checks("password", &self.password, &self.confirm_password)
    }
}

/// A new password's rules, under the form's name for it, and its confirmation's.
pub(crate) fn new_password_checks(
    field: &'static str,
    password: &str,
    confirmation: &str,
) -> [(&'static str, Result<(), Text>); 2] {
    [(field, self::password(password)), ("confirmPassword", passwords_match(password, confirmation))]
}

/// The fields every new account is made from, as sign-up and the admin's new-user form take them.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AccountFields {
    /// Starts with a letter.
    #[serde(default)]
    #[schema(required = true, pattern = r"^\s*[^\W\d_]")]
    pub username: String,
    #[serde(default)]
    #[schema(required = true, format = Email)]
    pub email: String,
    #[serde(flatten)]
    pub password: NewPasswordFields,
}

impl AccountFields {
    /// The fields' rules.
    pub(crate) fn checks(&self) -> impl Iterator<Item = (&'static str, Result<(), Text>)> {
        [("username", username(&self.username)), ("email", email(&self.email))]
            .into_iter()
            .chain(self.password.checks())
    }
}

/// Digits, spaces, `+`, `-`, `.` and parentheses, with 7 to 15 digits (the E.164 maximum).
pub(crate) fn phone(value: &str) -> Result<(), Text> {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let allowed = value.chars().all(|c| c.is_ascii_digit() || " +-.()".contains(c));
    let plus_first = value.trim().find('+').is_none_or(|at| at == 0) && value.matches('+').count() <= 1;
    if allowed && plus_first && (7..=15).contains(&digits) {
        Ok(())
    } else {
        Err(INVALID_PHONE)
    }
}

pub(crate) fn location(value: &str) -> Result<(), Text> {
    if value.chars().count() <= LOCATION_MAX_LEN {
        Ok(())
    } else {
        Err(LOCATION_TOO_LONG)
    }
}

pub(crate) const GENDERS: [&str; 3] = ["female", "male", "other"];

/// A stored gender as the document describes it: one of `GENDERS`, or null when not given.
pub(crate) fn stored_gender_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::{schema::SchemaType, ObjectBuilder, Type};
    let values = GENDERS.map(Some).into_iter().chain([None]);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(values))
        .build()
}

pub(crate) fn gender(value: &str) -> Result<(), Text> {
    if GENDERS.contains(&value) {
        Ok(())
    } else {
        Err(INVALID_GENDER)
    }
}

/// A real `YYYY-MM-DD` date from 1900 to today.
pub(crate) fn birth_date(value: &str) -> Result<(), Text> {
    match chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        Ok(date) if date.year() >= 1900 && date <= chrono::Utc::now().date_naive() => Ok(()),
        _ => Err(INVALID_BIRTH_DATE),
    }
}

/// Whether the password is a common one once lower-cased, `@`/`$` read as letters, the other special
/// characters and any trailing digits dropped, and `0`/`3` read as `o`/`e`.
fn is_common(password: &str) -> bool {
    let base: String = password
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            '@' => Some('a'),
            '$' => Some('s'),
            c if PASSWORD_SPECIALS.contains(c) => None,
            c => Some(c),
        })
        .collect();
    let trimmed = base.trim_end_matches(|c: char| c.is_ascii_digit());
    let unswapped = |s: &str| s.replace('0', "o").replace('3', "e");
    let variants = [base.clone(), trimmed.to_owned(), unswapped(&base), unswapped(trimmed)];
    variants.iter().any(|variant| !variant.is_empty() && COMMON_PASSWORDS.contains(&variant.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_rules() {
        assert_eq!(username(" "), Err(USERNAME_REQUIRED));
        assert_eq!(username("1abc"), Err(USERNAME_LETTER));
        assert!(username("Odette").is_ok());
        assert!(username("אודט").is_ok());
        assert!(username("odette.b_2-x").is_ok());
        assert_eq!(username("Od"), Err(USERNAME_LENGTH));
        assert!(username(&"o".repeat(32)).is_ok());
        assert_eq!(username(&"o".repeat(33)), Err(USERNAME_LENGTH));
        let characters = Err(USERNAME_CHARACTERS);
        for handle in ["odette@pointe.test", "Odette B", "see:http://x", "o<b>"] {
            assert_eq!(username(handle), characters, "{handle}");
        }
        assert_eq!(email("a@b"), Err(INVALID_EMAIL));
        assert_eq!(email("a b@c.org"), Err(INVALID_EMAIL));
        assert!(email("dancer@example.org").is_ok());
        assert_eq!(password("a@b"), Err(PASSWORD_SHORT));
        assert!(password("abcdefgh").is_err());
        assert!(password("abcdefg!").is_ok());
        assert_eq!(password(&"a!".repeat(65)), Err(PASSWORD_LONG));
        for common in ["P@ssw0rd!", "password!", "Qwerty123!", "ballerina#1", "12345678!"] {
            assert_eq!(password(common), Err(PASSWORD_COMMON), "{common}");
        }
        assert!(password("Grand-jeté 2026").is_ok());
        assert_eq!(passwords_match("a", "b"), Err(PASSWORDS_DIFFER));
        assert!(phone("+972 50-123-4567").is_ok());
        assert!(phone("(03) 555 1234").is_ok());
        assert_eq!(phone("call me"), Err(INVALID_PHONE));
        assert_eq!(phone("12+34567890"), Err(INVALID_PHONE));
        assert!(location(&"x".repeat(99)).is_ok());
        assert_eq!(location(&"x".repeat(100)), Err(LOCATION_TOO_LONG));
        assert!(gender("other").is_ok());
        assert_eq!(gender("x"), Err(INVALID_GENDER));
        assert!(birth_date("2010-02-28").is_ok());
        for bad in ["2010-02-30", "1899-12-31", "3000-01-01", "12/01/2010"] {
            assert_eq!(birth_date(bad), Err(INVALID_BIRTH_DATE), "{bad}");
        }
    }
}
