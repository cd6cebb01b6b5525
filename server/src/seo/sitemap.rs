//! `sitemap.xml`: each public page once per language (the plain address in Hebrew, `?lang=` for the
//! others), each entry listing all its language versions (hreflang alternates, plus `x-default`).

use std::fmt::Write;

use crate::{
    blog, catalogue, finder,
    html::{escape, page_url},
    lang::Lang,
    seo::structured::iso,
    AppState,
};

/// Pages that are the same for everyone and worth finding; sign-in, tips and the admin are not.
const FIXED_PAGES: [&str; 6] = ["/", "/products", "/finder", "/blog", "/terms", "/privacy"];

pub(crate) async fn build(state: &AppState) -> Result<String, sqlx::Error> {
    let origin = state.config.public_url.as_str();
    let mut pages: Vec<(String, Option<i64>)> = FIXED_PAGES.iter().map(|p| ((*p).to_owned(), None)).collect();
    for brand in catalogue::list_brands(&state.db, Lang::DEFAULT).await? {
        pages.push((format!("/brand/{}", brand.id), None));
    }
    for id in finder::page_ids(&state.db).await? {
        pages.push((format!("/shoe/{id}"), None));
    }
    for post in blog::store::all_published(&state.db, Lang::DEFAULT).await? {
        pages.push((format!("/blog/{}", post.slug), Some(post.published_at)));
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for (path, modified) in &pages {
        for lang in Lang::ALL {
            let _ = writeln!(out, "<url><loc>{}</loc>", escape(&page_url(origin, path, lang)));
            if let Some(ms) = modified {
                let _ = writeln!(out, "<lastmod>{}</lastmod>", iso(*ms));
            }
            for alternate in Lang::ALL {
                let href = escape(&page_url(origin, path, alternate));
                let _ =
                    writeln!(out, "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{href}\"/>", alternate.code());
            }
            let _ = writeln!(
                out,
                "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>\n</url>",
                escape(&format!("{origin}{path}"))
            );
        }
    }
    out.push_str("</urlset>\n");
    Ok(out)
}
