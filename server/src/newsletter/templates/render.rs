//! A template's language version as a message: the subject, the body's Markdown as sanitised HTML in
//! the site's e-mail layout (right to left in Hebrew), and a plain-text part, variables filled in.

use std::sync::LazyLock;

use minijinja::{context, Environment, Value};
use pulldown_cmark::{html, Options, Parser};

use super::{
    model::TemplateText,
    variables::{self, Piece, Values, VariableError},
};
use crate::{
    email::{self, Rendered},
    html::escape,
    lang::Lang,
};

const LAYOUT: &str = include_str!("layout.html");

static LAYOUTS: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    // The `.html` name turns on HTML escaping.
    env.add_template("layout.html", LAYOUT).expect("the template layout parses");
    env
});

/// Renders `text` in `lang` with `values`. Fails only on a variable the template checks refuse.
pub(crate) fn render(text: &TemplateText, lang: Lang, values: &Values) -> Result<Rendered, VariableError> {
    let subject = fill(&variables::pieces(&text.subject)?, values);
    let body_pieces = variables::pieces(&text.body)?;
    let list = email::list_texts(lang, &values.site_name);
    let page = context! {
        lang => lang.code(),
        dir => if lang.is_rtl() { "rtl" } else { "ltr" },
        align => if lang.is_rtl() { "right" } else { "left" },
        subject,
        site_name => values.site_name,
        site_url => values.site_url,
        body => Value::from_safe_string(body_html(&body_pieces, values)),
        footer => list.footer,
        unsubscribe => list.unsubscribe,
        unsubscribe_url => values.unsubscribe_url,
    };
    let html = LAYOUTS.get_template("layout.html").and_then(|layout| layout.render(&page)).expect("the layout renders");
    let text = format!(
        "{}\n\n-- \n{}\n{}: {}\n",
        fill(&body_pieces, values).trim_end(),
        list.footer,
        list.unsubscribe,
        values.unsubscribe_url
    );
    Ok(Rendered { subject, html, text })
}

/// The pieces put together as plain text.
fn fill(pieces: &[Piece<'_>], values: &Values) -> String {
    pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => *text,
            Piece::Variable(name) => values.get(name),
        })
        .collect()
}

/// The body's HTML. The variables are filled in after the Markdown is rendered and sanitised, as
/// escaped text, so a member's name can neither be read as Markdown nor inject markup; until then they
/// stand as markers of letters and digits only, which survive rendering anywhere, addresses included.
fn body_html(pieces: &[Piece<'_>], values: &Values) -> String {
    let nonce = format!("v{:016x}", rand::random::<u64>());
    let marker = |index: usize| format!("{nonce}x{index}x");
    let mut variables = Vec::new();
    let mut markdown = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => markdown.push_str(text),
            Piece::Variable(name) => {
                markdown.push_str(&marker(variables.len()));
                variables.push(*name);
            }
        }
    }
    let mut rendered = String::new();
    html::push_html(&mut rendered, Parser::new_ext(&markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH));
    let mut clean = ammonia::Builder::default()
        .url_schemes(["http", "https", "mailto"].into())
        .link_rel(Some("noopener noreferrer"))
        .clean(&rendered)
        .to_string();
    // The last markers first, so `…x1x` is not read inside `…x11x`.
    for (index, name) in variables.iter().enumerate().rev() {
        clean = clean.replace(&marker(index), &escape(values.get(name)));
    }
    clean
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> Values {
        Values {
            brand_name: "Bloch".into(),
            username: "<b>Odette</b> *swan*".into(),
            site_name: "Pointe".into(),
            site_url: "https://pointe.test".into(),
            unsubscribe_url: "https://pointe.test/unsubscribe?t=a&b".into(),
        }
    }

    fn text(subject: &str, body: &str) -> TemplateText {
        TemplateText { subject: subject.into(), body: body.into() }
    }

    #[test]
    fn fills_variables_as_text_after_the_markdown() {
        let body = "# New at {{brandName}}\n\nHi {{username}}, [see more]({{siteUrl}}/brand/bloch).\n\n<script>x()</script>\n\n[bad](javascript:alert(1))";
        let message = render(&text("{{brandName}} for {{username}}", body), Lang::En, &values()).unwrap();
        assert_eq!(message.subject, "Bloch for <b>Odette</b> *swan*");
        assert!(message.html.contains("<h1>New at Bloch</h1>"), "{}", message.html);
        assert!(message.html.contains("Hi &lt;b&gt;Odette&lt;/b&gt; *swan*,"), "{}", message.html);
        assert!(message.html.contains(r#"href="https://pointe.test/brand/bloch""#), "{}", message.html);
        assert!(!message.html.contains("<script") && !message.html.contains("href=\"javascript"), "{}", message.html);
        // The layout's own values are escaped by minijinja (which writes `/` as `&#x2f;` too).
        assert!(message.html.contains("unsubscribe?t=a&amp;b\""), "{}", message.html);
        assert!(message.html.contains(r#"<html lang="en" dir="ltr">"#));
        assert!(message
            .text
            .starts_with("# New at Bloch\n\nHi <b>Odette</b> *swan*, [see more](https://pointe.test/brand/bloch)."));
        assert!(message.text.ends_with("Unsubscribe: https://pointe.test/unsubscribe?t=a&b\n"));
    }

    #[test]
    fn hebrew_runs_right_to_left_and_every_language_has_its_footer() {
        let message = render(&text("שלום", "שלום {{username}}"), Lang::He, &values()).unwrap();
        assert!(message.html.contains(r#"<html lang="he" dir="rtl">"#) && message.html.contains("text-align:right"));
        for lang in Lang::ALL {
            let message = render(&text("a", "b"), lang, &values()).unwrap();
            assert!(
                message.html.contains(&email::list_texts(lang, "Pointe").unsubscribe)
                    && message.text.contains("Pointe"),
                "{lang:?}"
            );
        }
        assert!(render(&text("a", "{{nope}}"), Lang::En, &values()).is_err());
    }
}
