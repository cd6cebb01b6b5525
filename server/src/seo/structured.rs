//! schema.org descriptions of the site's pages, for search engines (JSON-LD).

use serde_json::{json, Value};

use crate::{
    blog::PostSummary,
    catalogue::{Brand, Product},
    web::head::absolute,
};

const CONTEXT: &str = "https://schema.org";

/// `$85` → (`85`, `USD`): the amount and ISO currency of a price written with a symbol or code.
pub fn offer_price(price: &str) -> Option<(String, &'static str)> {
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
    let amount: String = price.chars().filter(|c| c.is_ascii_digit() || *c == '.').collect();
    amount.parse::<f64>().ok().map(|_| (amount, currency))
}

pub fn product(origin: &str, product: &Product, brand_name: &str) -> Value {
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
    if let Some((price, currency)) = offer_price(&product.price) {
        data["offers"] = json!({ "@type": "Offer", "price": price, "priceCurrency": currency, "url": product.link });
    }
    data
}

/// A brand page: the brand and its products.
pub fn brand(origin: &str, page_url: &str, brand: &Brand, products: &[Product]) -> Value {
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

/// The catalogue page: every product, each with its brand.
pub fn catalogue(origin: &str, brands: &[Brand], products: &[Product]) -> Value {
    let items: Vec<Value> = products
        .iter()
        .enumerate()
        .map(|(index, p)| {
            let brand_name = brands.iter().find(|b| b.id == p.brand_id).map_or("", |b| b.name.as_str());
            json!({ "@type": "ListItem", "position": index + 1, "item": product(origin, p, brand_name) })
        })
        .collect();
    json!({ "@context": CONTEXT, "@type": "ItemList", "itemListElement": items })
}

pub fn blog_posting(origin: &str, page_url: &str, summary: &PostSummary, updated_at: i64, publisher: &str) -> Value {
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
pub fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_become_offers() {
        assert_eq!(offer_price("$85"), Some(("85".to_owned(), "USD")));
        assert_eq!(offer_price("€92.50"), Some(("92.50".to_owned(), "EUR")));
        assert_eq!(offer_price("ask in store"), None);
        assert_eq!(offer_price("$"), None);
    }
}
