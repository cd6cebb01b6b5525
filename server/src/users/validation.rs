//! The spec's field rules (§5), with its messages verbatim.

/// Characters that count as "special" in a password.
pub const PASSWORD_SPECIALS: &str = "@!#$%^&*()-+";
pub const PASSWORD_MIN_LEN: usize = 8;

pub fn username(value: &str) -> Result<(), &'static str> {
    let value = value.trim();
    match value.chars().next() {
        None => Err("Username is required"),
        Some(first) if !first.is_alphabetic() => Err("Username must start with a letter"),
        Some(_) => Ok(()),
    }
}

pub fn email(value: &str) -> Result<(), &'static str> {
    let invalid = Err("Invalid email address");
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

pub fn password(value: &str) -> Result<(), &'static str> {
    if value.chars().count() < PASSWORD_MIN_LEN {
        return Err("Password must be at least 8 characters long");
    }
    if !value.chars().any(|c| PASSWORD_SPECIALS.contains(c)) {
        return Err("Password must contain at least one special character (@!#$%^&*()-+)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_rules() {
        assert_eq!(username(" "), Err("Username is required"));
        assert_eq!(username("1abc"), Err("Username must start with a letter"));
        assert!(username("Odette").is_ok());
        assert!(username("אודט").is_ok());
        assert_eq!(email("a@b"), Err("Invalid email address"));
        assert_eq!(email("a b@c.org"), Err("Invalid email address"));
        assert!(email("dancer@example.org").is_ok());
        assert_eq!(password("a@b"), Err("Password must be at least 8 characters long"));
        assert!(password("abcdefgh").is_err());
        assert!(password("abcdefg!").is_ok());
    }
}
