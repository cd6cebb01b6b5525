//! What a page's `<head>` says: generic texts from the locale files, made specific for brand,
//! catalogue and blog pages from the database (title, description, picture, JSON-LD).

use super::{head::Head, page::Page};
use crate::{blog, catalogue, finder, html::page_url, lang::Lang, seo::structured, AppState};

/// The page for `path` (a brand or post that does not exist becomes `NotFound`) and its head.
pub(crate) async fn describe<'a>(state: &AppState, path: &'a str, lang: Lang) -> (Page<'a>, Head<'a>) {
    let mut page = Page::from_path(path);
    let origin = state.config.public_url.as_str();
    let url = page_url(origin, path, lang);
    let mut head = Head {
        title: String::new(),
        description: String::new(),
        lang,
        path,
        image: None,
        kind: "website",
        structured: None,
        feed: false,
    };
    let mut name = String::new();
    let mut description = None;
    // A database failure leaves the generic texts: the page itself still works, and the app shows
    // the error when it asks the API.
    let found: Result<(), sqlx::Error> = async {
        match page {
            Page::Brand(id) => match catalogue::find_brand(&state.db, id, lang).await? {
                Some(brand) => {
                    let products = catalogue::list_products(&state.db, Some(id), lang).await?;
                    head.structured = Some(structured::brand(origin, &url, &brand, &products));
                    head.image = Some(brand.image);
                    name = brand.name;
                }
                None => page = Page::NotFound,
            },
            Page::Shoe(id) => {
                // A family is described by its first variant, under the family's name.
                let family = finder::find_family(&state.db, id, lang).await?.map(|(family, _)| family);
                let product = match family.as_ref().and_then(|family| family.variants.first()) {
                    Some(first) => catalogue::find_product(&state.db, &first.id, lang).await?,
                    None => None,
                };
                match (family, product) {
                    (Some(family), Some(mut product)) => {
                        product.name = family.name;
                        head.structured = Some(structured::product_page(origin, &url, &product, &family.brand_name));
                        name = product.name;
                        description = Some(product.description);
                    }
                    _ => page = Page::NotFound,
                }
            }
            Page::Products => {
                let brands = catalogue::list_brands(&state.db, lang).await?;
                let products = catalogue::list_products(&state.db, None, lang).await?;
                head.structured = Some(structured::catalogue(origin, &brands, &products));
            }
            Page::Blog => head.feed = true,
            Page::BlogPost(slug) => match blog::store::published_summary(&state.db, slug, lang).await? {
                Some((post, updated_at)) => {
                    head.structured = Some(structured::blog_posting(
                        origin,
                        &url,
                        &post,
                        updated_at,
                        state.web.texts.site_name(lang),
                    ));
                    head.kind = "article";
                    head.feed = true;
                    head.image = Some(post.cover);
                    name = post.title;
                    description = Some(post.excerpt);
                }
                None => page = Page::NotFound,
            },
            _ => {}
        }
        Ok(())
    }
    .await;
    if let Err(err) = found {
        tracing::warn!(error = %err, "page details lookup failed");
    }
    let (title, generic_description) = state.web.texts.get(page, lang, &name);
    head.title = title;
    head.description = description.unwrap_or(generic_description);
    (page, head)
}
