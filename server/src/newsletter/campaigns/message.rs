//! A campaign's message: rendered once per language (Markdown, sanitising and layout are the costly
//! part), with markers where each recipient's values go, then filled in per recipient in one pass. With
//! tracking on, the HTML's links go through the click address and an open pixel is added; the links are
//! numbered across the languages, and a click token carries only that number.

use std::collections::BTreeMap;

use crate::{
    email::Rendered,
    html,
    lang::Lang,
    newsletter::templates::{model::TemplateText, render::render, variables::Values},
};

/// What the site gives every recipient alike.
pub(crate) struct SiteValues {
    pub site_name: String,
    pub site_url: String,
}

/// One recipient's own values.
pub(crate) struct RecipientValues<'a> {
    pub username: &'a str,
    pub unsubscribe_url: &'a str,
    /// The open pixel's address (tracking on).
    pub open_url: Option<String>,
    /// The address of tracked link `n`.
    pub click_url: &'a (dyn Fn(usize) -> String + Sync),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    Username,
    Unsubscribe,
    Open,
    Link(usize),
}

/// A text with its per-recipient places.
#[derive(Debug)]
struct Parts(Vec<Part>);

/// One language's message, ready to fill.
#[derive(Debug)]
pub(crate) struct Prepared {
    subject: Parts,
    html: Parts,
    text: Parts,
}

/// Renders each language's text once. With `tracked`, the HTML's web links are numbered into `links`
/// (a link already there keeps its number) and replaced by click places, and an open pixel is added.
pub(crate) fn prepare_all(
    texts: &BTreeMap<Lang, TemplateText>,
    site: &BTreeMap<Lang, SiteValues>,
    tracked: bool,
    links: &mut Vec<String>,
) -> BTreeMap<Lang, Prepared> {
    texts
        .iter()
        .filter_map(|(lang, text)| Some((*lang, prepare(text, *lang, site.get(lang)?, tracked, links))))
        .collect()
}

fn prepare(text: &TemplateText, lang: Lang, site: &SiteValues, tracked: bool, links: &mut Vec<String>) -> Prepared {
    // Letters and digits only: they pass through Markdown, sanitising and escaping unchanged.
    let nonce = format!("m{:016x}", rand::random::<u64>());
    let marker = |kind: &str| format!("{nonce}{kind}x");
    let values = Values {
        // A campaign is about no brand in particular: the site is the brand.
        brand_name: site.site_name.clone(),
        username: marker("u"),
        site_name: site.site_name.clone(),
        site_url: site.site_url.clone(),
        unsubscribe_url: marker("s"),
    };
    let rendered = render(text, lang, &values).expect("a campaign's texts were checked when it started");
    let mut html = rendered.html;
    if tracked {
        html = track_links(&html, &marker("s"), |url| {
            let number = links.iter().position(|known| *known == url).unwrap_or_else(|| {
                links.push(url);
                links.len() - 1
            });
            marker(&format!("l{number}"))
        });
        html = html.replacen(
            "</body>",
            &format!("<img src=\"{}\" width=\"1\" height=\"1\" alt=\"\"></body>", marker("o")),
            1,
        );
    }
    Prepared {
        subject: Parts::split(&rendered.subject, &nonce),
        html: Parts::split(&html, &nonce),
        text: Parts::split(&rendered.text, &nonce),
    }
}

/// Replaces each `href` to the web (not the unsubscribe link) by what `place` gives for its URL.
fn track_links(html: &str, unsubscribe: &str, mut place: impl FnMut(String) -> String) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("href=\"") {
        let value_start = start + "href=\"".len();
        let Some(length) = rest[value_start..].find('"') else { break };
        let url = unescape(&rest[value_start..value_start + length]);
        out.push_str(&rest[..value_start]);
        if (url.starts_with("https://") || url.starts_with("http://")) && !url.contains(unsubscribe) {
            out.push_str(&place(url));
        } else {
            out.push_str(&rest[value_start..value_start + length]);
        }
        rest = &rest[value_start + length..];
    }
    out.push_str(rest);
    out
}

/// An attribute's text as the renderers escape it (ammonia and minijinja), back to the URL.
fn unescape(value: &str) -> String {
    [("&#x2f;", "/"), ("&#x27;", "'"), ("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")]
        .iter()
        .fold(value.to_owned(), |text, (escaped, plain)| text.replace(escaped, plain))
}

impl Parts {
    /// Cuts `text` at the markers `<nonce><kind>x`.
    fn split(text: &str, nonce: &str) -> Self {
        let mut parts = Vec::new();
        let mut pieces = text.split(nonce);
        if let Some(first) = pieces.next() {
            parts.push(Part::Text(first.to_owned()));
        }
        for piece in pieces {
            let (kind, after) = piece.split_once('x').expect("a marker ends with x");
            parts.push(match kind {
                "u" => Part::Username,
                "s" => Part::Unsubscribe,
                "o" => Part::Open,
                link => Part::Link(link[1..].parse().expect("a link marker is l<number>")),
            });
            parts.push(Part::Text(after.to_owned()));
        }
        parts.retain(|part| *part != Part::Text(String::new()));
        Self(parts)
    }

    fn fill(&self, values: &RecipientValues<'_>, escape: bool) -> String {
        let mut out = String::new();
        for part in &self.0 {
            let value = match part {
                Part::Text(text) => {
                    out.push_str(text);
                    continue;
                }
                Part::Username => values.username.to_owned(),
                Part::Unsubscribe => values.unsubscribe_url.to_owned(),
                Part::Open => values.open_url.clone().unwrap_or_default(),
                Part::Link(number) => (values.click_url)(*number),
            };
            out.push_str(&if escape { html::escape(&value) } else { value });
        }
        out
    }
}

impl Prepared {
    pub(crate) fn fill(&self, values: &RecipientValues<'_>) -> Rendered {
        Rendered {
            subject: self.subject.fill(values, false),
            html: self.html.fill(values, true),
            text: self.text.fill(values, false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> BTreeMap<Lang, SiteValues> {
        Lang::ALL
            .into_iter()
            .map(|lang| (lang, SiteValues { site_name: "Pointe".into(), site_url: "https://pointe.test".into() }))
            .collect()
    }

    fn texts() -> BTreeMap<Lang, TemplateText> {
        BTreeMap::from([
            (
                Lang::En,
                TemplateText {
                    subject: "For {{username}}".into(),
                    body:
                        "Hi {{username}}, see [Bloch](https://pointe.test/brand/bloch?a=1&b=2) and [us]({{siteUrl}})."
                            .into(),
                },
            ),
            (
                Lang::He,
                TemplateText {
                    subject: "ל{{username}}".into(),
                    body: "[בלוך](https://pointe.test/brand/bloch?a=1&b=2)".into(),
                },
            ),
        ])
    }

    fn values<'a>(click: &'a (dyn Fn(usize) -> String + Sync)) -> RecipientValues<'a> {
        RecipientValues {
            username: "<Odette & co>",
            unsubscribe_url: "https://pointe.test/api/email/unsubscribe?token=u.sig",
            open_url: Some("https://pointe.test/api/email/open?token=o".into()),
            click_url: click,
        }
    }

    #[test]
    fn fills_each_recipients_values_escaped_in_html_only() {
        let mut links = Vec::new();
        let prepared = prepare_all(&texts(), &site(), false, &mut links);
        let click = |n: usize| format!("https://pointe.test/api/email/click?token=c{n}");
        let mail = prepared[&Lang::En].fill(&values(&click));
        assert_eq!(mail.subject, "For <Odette & co>");
        assert!(mail.html.contains("Hi &lt;Odette &amp; co&gt;,"), "{}", mail.html);
        assert!(mail.html.contains("href=\"https://pointe.test/api/email/unsubscribe?token=u.sig\""), "{}", mail.html);
        assert!(mail.text.contains("Hi <Odette & co>,"));
        assert!(links.is_empty() && !mail.html.contains("api/email/open"), "no tracking when it is off");
    }

    #[test]
    fn tracking_numbers_the_links_across_languages_and_adds_a_pixel() {
        let mut links = Vec::new();
        let prepared = prepare_all(&texts(), &site(), true, &mut links);
        assert_eq!(links, ["https://pointe.test", "https://pointe.test/brand/bloch?a=1&b=2"]);
        let click = |n: usize| format!("https://pointe.test/api/email/click?token=c{n}");
        let english = prepared[&Lang::En].fill(&values(&click));
        let hebrew = prepared[&Lang::He].fill(&values(&click));
        assert!(
            english
                .html
                .contains("href=\"https://pointe.test/api/email/click?token=c1\" rel=\"noopener noreferrer\">Bloch"),
            "{}",
            english.html
        );
        assert!(
            hebrew
                .html
                .contains("href=\"https://pointe.test/api/email/click?token=c1\" rel=\"noopener noreferrer\">בלוך"),
            "{}",
            hebrew.html
        );
        assert!(english.html.contains("token=u.sig\""), "the unsubscribe link is not tracked");
        assert!(english.html.contains("<img src=\"https://pointe.test/api/email/open?token=o\""));
        assert!(english.text.contains("https://pointe.test/brand/bloch?a=1&b=2"), "the text part keeps the real links");
    }
}
