//! The blog's RSS 2.0 feed in one language: every published post, newest first.

use std::fmt::Write;

use crate::{
    blog,
    html::{absolute, escape, page_url},
    lang::Lang,
    AppState,
};

fn rfc2822(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default().to_rfc2822()
}

pub(crate) async fn build(state: &AppState, lang: Lang) -> Result<String, sqlx::Error> {
    let origin = state.config.public_url.as_str();
    let (title, description) = state.web.texts.blog_texts(lang);
    let posts = blog::store::all_published(&state.db, lang).await?;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n");
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, "<link>{}</link>", escape(&page_url(origin, "/blog", lang)));
    let _ = writeln!(out, "<description>{}</description>", escape(&description));
    let _ = writeln!(out, "<language>{}</language>", lang.code());
    let _ = writeln!(
        out,
        "<atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>",
        escape(&format!("{origin}/blog/rss/{}.xml", lang.code()))
    );
    let _ = writeln!(
        out,
        "<image><url>{}</url><title>{}</title><link>{}</link></image>",
        escape(&absolute(origin, "/images/logo.svg")),
        escape(&title),
        escape(&page_url(origin, "/blog", lang))
    );
    if let Some(newest) = posts.first() {
        let _ = writeln!(out, "<lastBuildDate>{}</lastBuildDate>", rfc2822(newest.published_at));
    }
    for post in &posts {
        let link = escape(&page_url(origin, &format!("/blog/{}", post.slug), lang));
        let _ = writeln!(
            out,
            "<item>\n<title>{}</title>\n<link>{link}</link>\n<guid isPermaLink=\"true\">{link}</guid>",
            escape(&post.title)
        );
        let _ = writeln!(
            out,
            "<description>{}</description>\n<pubDate>{}</pubDate>",
            escape(&post.excerpt),
            rfc2822(post.published_at)
        );
        let _ = writeln!(out, "<dc:creator>{}</dc:creator>", escape(&post.author));
        if let Some(category) = &post.category {
            let _ = writeln!(out, "<category>{}</category>", escape(&category.name));
        }
        out.push_str("</item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    Ok(out)
}
