//! The e-mails' texts (`texts/<lang>.json`) laid out as HTML and plain text with minijinja.

use std::{collections::HashMap, sync::LazyLock};

use anyhow::Context;
use minijinja::{context, Environment};
use serde_json::Value;

use crate::lang::Lang;

const LAYOUT_HTML: &str = include_str!("layout.html");
const LAYOUT_TEXT: &str = include_str!("layout.txt");

static TEXTS: LazyLock<HashMap<Lang, Value>> = LazyLock::new(|| {
    [
        (Lang::He, include_str!("texts/he.json")),
        (Lang::En, include_str!("texts/en.json")),
        (Lang::Ru, include_str!("texts/ru.json")),
        (Lang::Fr, include_str!("texts/fr.json")),
        (Lang::Es, include_str!("texts/es.json")),
    ]
    .into_iter()
    .map(|(lang, json)| (lang, serde_json::from_str(json).expect("e-mail texts are valid JSON (checked by a test)")))
    .collect()
});

static LAYOUTS: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    // The `.html` name turns on HTML escaping for that template.
    env.add_template("layout.html", LAYOUT_HTML).expect("the HTML layout parses");
    env.add_template("layout.txt", LAYOUT_TEXT).expect("the text layout parses");
    env
});

pub enum Mail<'a> {
    SignupCode {
        username: &'a str,
        code: &'a str,
        minutes: i64,
    },
    LoginCode {
        username: &'a str,
        code: &'a str,
        minutes: i64,
    },
    PasswordReset {
        username: &'a str,
        link: &'a str,
        minutes: i64,
    },
    PasswordChanged {
        username: &'a str,
    },
    /// The admin's "send test e-mail".
    TestMessage {
        username: &'a str,
    },
}

pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// `site` is the site's name as the admin set it (or the built-in one).
pub(crate) fn render(mail: &Mail<'_>, lang: Lang, site: &str) -> anyhow::Result<Rendered> {
    let (key, username, code, link, minutes) = match *mail {
        Mail::SignupCode { username, code, minutes } => ("signupCode", username, Some(code), None, minutes),
        Mail::LoginCode { username, code, minutes } => ("loginCode", username, Some(code), None, minutes),
        Mail::PasswordReset { username, link, minutes } => ("passwordReset", username, None, Some(link), minutes),
        Mail::PasswordChanged { username } => ("passwordChanged", username, None, None, 0),
        Mail::TestMessage { username } => ("testMessage", username, None, None, 0),
    };
    let texts = &TEXTS[&lang];
    let values = context! { username, code, link, minutes, site };
    let text = |name: &str| -> anyhow::Result<String> {
        let template = texts[key][name]
            .as_str()
            .or_else(|| texts[name].as_str())
            .with_context(|| format!("no e-mail text {key}.{name}"))?;
        Ok(LAYOUTS.render_str(template, &values)?)
    };
    let optional = |name: &str| texts[key].get(name).map(|_| text(name)).transpose();
    let paragraphs: Vec<String> = ["intro", "expiry", "ignore", "notYou"]
        .iter()
        .filter_map(|name| optional(name).transpose())
        .collect::<anyhow::Result<_>>()?;
    let page = context! {
        lang => lang.code(),
        dir => if lang.is_rtl() { "rtl" } else { "ltr" },
        subject => text("subject")?,
        heading => text("heading")?,
        paragraphs,
        code,
        code_label => optional("codeLabel")?,
        link,
        button => optional("button")?,
        link_help => optional("linkHelp")?,
        footer => text("footer")?,
    };
    Ok(Rendered {
        subject: text("subject")?,
        html: LAYOUTS.get_template("layout.html")?.render(&page)?,
        text: LAYOUTS.get_template("layout.txt")?.render(&page)?,
    })
}

/// The words the newsletter layout puts around a template's body (`texts/<lang>.json`, `newsletter`).
pub(crate) struct ListTexts {
    /// Why the member gets the mail.
    pub footer: String,
    /// The unsubscribe link's text.
    pub unsubscribe: String,
}

pub(crate) fn list_texts(lang: Lang, site: &str) -> ListTexts {
    let texts = &TEXTS[&lang]["newsletter"];
    let text = |name: &str| {
        let template = texts[name].as_str().expect("every language has the newsletter texts (checked by a test)");
        LAYOUTS.render_str(template, context! { site }).expect("the newsletter texts render")
    };
    ListTexts { footer: text("footer"), unsubscribe: text("unsubscribe") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_renders_in_every_language_with_its_values() {
        for lang in Lang::ALL {
            let code =
                render(&Mail::LoginCode { username: "odette", code: "123456", minutes: 10 }, lang, "Pointe").unwrap();
            // A subject shows on a locked phone's notifications and is kept by more systems than the body.
            assert!(!code.subject.contains("123456"), "{lang:?}: {}", code.subject);
            assert!(code.text.contains("odette") && code.text.contains("123456") && code.html.contains("123456"));
            assert!(code.text.contains("10"));
            let reset = render(
                &Mail::PasswordReset { username: "odette", link: "http://x/reset-password#t=a&b", minutes: 60 },
                lang,
                "Pointe",
            )
            .unwrap();
            assert!(reset.html.contains("#t=a&amp;b") && !reset.html.contains("#t=a&b"), "links are escaped in HTML");
            assert!(reset.text.contains("http://x/reset-password#t=a&b"));
            render(&Mail::SignupCode { username: "odette", code: "000001", minutes: 10 }, lang, "Pointe").unwrap();
            let changed = render(&Mail::PasswordChanged { username: "<b>odette</b>" }, lang, "Pointe").unwrap();
            assert!(changed.html.contains("&lt;b&gt;odette"), "names are escaped in HTML");
            assert!(render(&Mail::TestMessage { username: "odette" }, lang, "Pointe").unwrap().text.contains("odette"));
            let renamed = render(&Mail::PasswordChanged { username: "odette" }, lang, "Studio").unwrap();
            assert!(
                renamed.subject.contains("Studio") && !renamed.text.contains("Pointe"),
                "{lang:?}: the admin's site name"
            );
            let list = list_texts(lang, "Studio");
            assert!(list.footer.contains("Studio") && !list.unsubscribe.is_empty(), "{lang:?}");
        }
    }
}
