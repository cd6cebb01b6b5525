//! Post bodies: Markdown to sanitised HTML, split around the embeds it contains.

use ammonia::Builder;
use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};
use serde::Serialize;
use std::sync::LazyLock;
use utoipa::ToSchema;

use super::embeds::{self, Embed};

/// A piece of a post's body, in order.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum Block {
    /// Sanitised HTML: no scripts, styles, event handlers or `javascript:` links.
    Html {
        html: String,
    },
    Embed(Embed),
}

static SANITISER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::default();
    builder.url_schemes(["http", "https", "mailto"].into()).link_rel(Some("noopener noreferrer"));
    builder
});

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES
}

/// Renders `markdown`. A top-level paragraph that is only a supported social media address (bare or
/// as `<address>`) becomes an `Embed` block; everything else is HTML, sanitised.
pub(crate) fn render(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut pending: Vec<Event> = Vec::new();
    let mut paragraph: Option<Vec<Event>> = None;
    let mut depth = 0_usize;
    for event in Parser::new_ext(markdown, options()) {
        match &event {
            Event::Start(Tag::Paragraph) if depth == 0 => {
                depth += 1;
                paragraph = Some(vec![event]);
                continue;
            }
            Event::End(TagEnd::Paragraph) if depth == 1 && paragraph.is_some() => {
                depth -= 1;
                let mut events = paragraph.take().unwrap_or_default();
                match embed_of(&events[1..]) {
                    Some(embed) => {
                        flush(&mut pending, &mut blocks);
                        blocks.push(Block::Embed(embed));
                    }
                    None => {
                        events.push(event);
                        pending.append(&mut events);
                    }
                }
                continue;
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        match paragraph.as_mut() {
            Some(events) => events.push(event),
            None => pending.push(event),
        }
    }
    flush(&mut pending, &mut blocks);
    blocks
}

/// The embed a paragraph's content stands for: only text (which the parser may split), or one
/// autolink whose text is its address.
fn embed_of(content: &[Event]) -> Option<Embed> {
    let mut text = String::new();
    for event in content {
        match event {
            Event::Text(part) => text.push_str(part),
            Event::Start(Tag::Link { .. }) | Event::End(TagEnd::Link) => {}
            _ => return None,
        }
    }
    if let [Event::Start(Tag::Link { dest_url, .. }), .., Event::End(TagEnd::Link)] = content {
        if dest_url.as_ref() != text {
            return None;
        }
    }
    embeds::recognise(&text)
}

/// The text of `markdown` without its markup, one string per paragraph, heading or list item (what
/// the assistant searches and quotes); a paragraph that stands for an embed is left out.
pub(crate) fn plain_paragraphs(markdown: &str) -> Vec<String> {
    let mut paragraphs = Vec::new();
    let mut current = String::new();
    let mut events: Vec<Event> = Vec::new();
    for event in Parser::new_ext(markdown, options()) {
        match &event {
            Event::Text(text) | Event::Code(text) => current.push_str(text),
            Event::SoftBreak | Event::HardBreak => current.push(' '),
            Event::Start(Tag::Paragraph) => {
                events.clear();
                continue;
            }
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::TableCell) => {
                let text = std::mem::take(&mut current);
                if !text.trim().is_empty() && embed_of(&events).is_none() {
                    paragraphs.push(text.trim().to_owned());
                }
                events.clear();
                continue;
            }
            _ => {}
        }
        events.push(event);
    }
    paragraphs
}

fn flush(events: &mut Vec<Event>, blocks: &mut Vec<Block>) {
    if events.is_empty() {
        return;
    }
    let mut unsafe_html = String::new();
    html::push_html(&mut unsafe_html, events.drain(..));
    blocks.push(Block::Html { html: SANITISER.clean(&unsafe_html).to_string() });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blog::embeds::Provider;

    fn html(markdown: &str) -> String {
        match render(markdown).as_slice() {
            [Block::Html { html }] => html.clone(),
            other => panic!("expected one HTML block, got {other:?}"),
        }
    }

    #[test]
    fn renders_markdown() {
        assert_eq!(html("## Fit\n\nA **firm** shank."), "<h2>Fit</h2>\n<p>A <strong>firm</strong> shank.</p>\n");
    }

    #[test]
    fn removes_scripts_handlers_and_script_links() {
        let out = html("<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) <a href=\"JaVaScRiPt:alert(2)\">b</a> <iframe src=\"https://evil\"></iframe> <style>p{}</style>");
        for bad in ["<script", "onerror", "javascript", "JaVaScRiPt", "<iframe", "<style"] {
            assert!(!out.contains(bad), "{bad} survived: {out}");
        }
        assert!(out.contains("<img src=\"x\">"), "{out}");
    }

    #[test]
    fn links_do_not_leak_the_opener() {
        assert!(html("[site](https://example.org)").contains("rel=\"noopener noreferrer\""));
    }

    #[test]
    fn an_address_alone_in_a_paragraph_is_an_embed() {
        let blocks =
            render("Before.\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n<https://x.com/a/status/123>\n\nAfter.");
        let kinds: Vec<_> = blocks
            .iter()
            .map(|b| match b {
                Block::Html { .. } => "html".to_owned(),
                Block::Embed(e) => format!("{:?}", e.provider),
            })
            .collect();
        assert_eq!(kinds, ["html", "Youtube", "Twitter", "html"]);
        let Block::Embed(embed) = &blocks[1] else { unreachable!() };
        assert_eq!((embed.provider, embed.id.as_str()), (Provider::Youtube, "dQw4w9WgXcQ"));
    }

    #[test]
    fn plain_paragraphs_drop_markup_and_embeds() {
        let text = plain_paragraphs("## Fit\n\nA **firm** `shank`,\nlong.\n\nhttps://youtu.be/dQw4w9WgXcQ\n\n- one\n- [two](https://example.org)");
        assert_eq!(text, ["Fit", "A firm shank, long.", "one", "two"]);
    }

    #[test]
    fn an_address_inside_text_or_a_list_stays_a_link() {
        assert_eq!(render("See https://youtu.be/dQw4w9WgXcQ now").len(), 1);
        assert_eq!(render("- https://youtu.be/dQw4w9WgXcQ").len(), 1);
        assert_eq!(render("[video](https://youtu.be/dQw4w9WgXcQ)").len(), 1);
    }
}
