//! schema.org descriptions of the site's pages, for search engines (JSON-LD).

use serde_json::{json, Value};

use crate::{
    blog::PostSummary,
    catalogue::{Brand, Product},
    html::absolute,
};

const CONTEXT: &str = "https://schema.org";

/// A price written with a symbol or code: its amounts (the lowest, and the highest of a range such as
/// `$85–110`) and ISO currency. `$85` → (`85`, None, `USD`).
pub(crate) fn offer_price(price: &str) -> Option<(String, Option<String>, &'static str)> {
    let currency = [
        ("$", "USD"),
        ("USD", "USD"),
        ("€", "EUR"),
        ("EUR", "EUR"),
        ("£", "GBP"),
        ("GBP", "GBP"),
        ("₪", "ILS"),
        ("ILS", "ILS"),
    ]
    .into_iter()
    .find(|(mark, _)| price.contains(mark))
    .map(|(_, code)| code)?;
    let mut amounts = price
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|amount| amount.parse::<f64>().is_ok())
        .map(str::to_owned);
    let low = amounts.next()?;
    Some((low, amounts.next(), currency))
}

pub(crate) fn product(origin: &str, product: &Product, brand_name: &str) -> Value {
    let mut data = json!({
        "@type": "Product",
        "name": product.name,
        "description": product.description,
        "brand": { "@type": "Brand", "name": brand_name },
        "url": product.link,
    });
    if !product.image.is_empty() {
        data["image"] = absolute(origin, &product.image).into();
    }
    data["offers"] = match offer_price(&product.price) {
        Some((price, None, currency)) => {
            json!({ "@type": "Offer", "price": price, "priceCurrency": currency, "url": product.link })
        }
        Some((low, Some(high), currency)) => json!({
            "@type": "AggregateOffer", "lowPrice": low, "highPrice": high, "priceCurrency": currency, "url": product.link
        }),
        None => return data,
    };
    data
}

/// A shoe's own page (`/shoe/{id}`): the product, at the page's address.
pub(crate) fn product_page(origin: &str, page_url: &str, about: &Product, brand_name: &str) -> Value {
    let mut data = product(origin, about, brand_name);
    data["@context"] = CONTEXT.into();
    data["url"] = page_url.into();
    data
}

/// A brand page: the brand and its products.
pub(crate) fn brand(origin: &str, page_url: &str, brand: &Brand, products: &[Product]) -> Value {
    let mut about = json!({
        "@type": "Brand",
        "name": brand.name,
        "description": brand.description,
        "url": page_url,
        "sameAs": [brand.link],
    });
    if !brand.image.is_empty() {
        about["logo"] = absolute(origin, &brand.image).into();
    }
    let mut graph = vec![about];
    graph.extend(products.iter().map(|p| product(origin, p, &brand.name)));
    json!({ "@context": CONTEXT, "@graph": graph })
}

/// Products the catalogue page's description lists: those its first page shows (web/src/features/catalogue/
/// ProductsPage.tsx, `PRODUCTS_PER_PAGE`); each model has its own page with its own description.
const CATALOGUE_LISTED: usize = 24;

/// The catalogue page: the products of its first page, each with its brand.
pub(crate) fn catalogue(origin: &str, brands: &[Brand], products: &[Product]) -> Value {
    let items: Vec<Value> = products
        .iter()
        .take(CATALOGUE_LISTED)
        .enumerate()
        .map(|(index, p)| {
            let brand_name = brands.iter().find(|b| b.id == p.brand_id).map_or("", |b| b.name.as_str());
            json!({ "@type": "ListItem", "position": index + 1, "item": product(origin, p, brand_name) })
        })
        .collect();
    json!({ "@context": CONTEXT, "@type": "ItemList", "itemListElement": items })
}

pub(crate) fn blog_posting(
    origin: &str,
    page_url: &str,
    summary: &PostSummary,
    updated_at: i64,
    publisher: &str,
) -> Value {
    let mut data = json!({
        "@context": CONTEXT,
        "@type": "BlogPosting",
        "headline": summary.title,
        "description": summary.excerpt,
        "inLanguage": summary.lang.code(),
        "datePublished": iso(summary.published_at),
        "dateModified": iso(updated_at),
        "author": { "@type": "Organization", "name": summary.author },
        "publisher": { "@type": "Organization", "name": publisher, "logo": absolute(origin, "/images/logo.svg") },
        "mainEntityOfPage": page_url,
        "url": page_url,
    });
    if !summary.cover.is_empty() {
        data["image"] = absolute(origin, &summary.cover).into();
    }
    if let Some(category) = &summary.category {
        data["articleSection"] = category.name.clone().into();
    }
    data
}

/// Epoch milliseconds as RFC 3339 (UTC).
pub(crate) fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_become_offers() {
        assert_eq!(offer_price("$85"), Some(("85".to_owned(), None, "USD")));
        assert_eq!(offer_price("€92.50"), Some(("92.50".to_owned(), None, "EUR")));
        assert_eq!(offer_price("$85–110"), Some(("85".to_owned(), Some("110".to_owned()), "USD")));
        assert_eq!(offer_price("ask in store"), None);
        assert_eq!(offer_price("$"), None);
    }
}
