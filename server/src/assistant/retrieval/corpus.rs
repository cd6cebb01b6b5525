//! What the assistant searches, per language: brands, products, published blog posts and the members'
//! tips, each as one document with a title (names, which weigh more) and its text cut into passages
//! (what answers quote and models are given).

use crate::{assistant::texts, blog, catalogue, db::Db, finder, lang::Lang, tips};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Brand,
    Product,
    Post,
    /// A section of the members' tips: only signed-in askers get it.
    Tips,
}

#[derive(Clone, Debug)]
pub struct Document {
    /// `brand:<id>`, `product:<id>`, `post:<slug>` or `tips:<section>`.
    pub id: String,
    pub kind: Kind,
    /// The name as the site shows it.
    pub title: String,
    /// Other ways to write the names in the title, searched with it.
    pub aliases: String,
    /// A product's names in every script (what a model may not name unless retrieval returned it).
    pub names: Vec<String>,
    /// Its text in pieces of at most `PASSAGE_CHARS` (a longer paragraph is one piece of its own).
    pub passages: Vec<String>,
    /// Where the document is on the site (a finder model's page, another product's maker's page).
    pub link: String,
    /// The feet a finder model suits, searched as a field of its own: short, it weighs like a name without
    /// diluting the names, so a question about one's feet finds the models before the blog's long guides,
    /// which name every kind of foot. Empty for other documents.
    pub suits: String,
}

/// Paragraphs shorter than this are joined with the next ones into one passage.
const PASSAGE_CHARS: usize = 600;

/// Joins consecutive short pieces into passages of up to `PASSAGE_CHARS`.
fn passages(pieces: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut passages: Vec<String> = Vec::new();
    for piece in pieces.into_iter().map(|piece| piece.trim().to_owned()).filter(|piece| !piece.is_empty()) {
        match passages.last_mut() {
            Some(last) if last.chars().count() + piece.chars().count() < PASSAGE_CHARS => {
                last.push('\n');
                last.push_str(&piece);
            }
            _ => passages.push(piece),
        }
    }
    passages
}

/// How people write the brands' names in the scripts the content does not use (the content names them
/// in Latin letters in every language).
const BRAND_ALIASES: &[(&str, &str)] = &[
    ("bloch", "בלוך Блок Блох"),
    ("nikolay", "ניקולאי גרישקו Grishko Николай Гришко"),
    ("capezio", "קפציו Капецио"),
    ("gaynor", "גיינור מינדן Гейнор Минден"),
    ("russianPointe", "ראשן פוינט Рашн Пойнт"),
    ("sodanca", "סו דנסה Со Данса"),
    ("suffolk", "סאפוק Саффолк"),
];

/// Every document in `lang` (texts missing in it fall back to Hebrew, as the site shows them).
pub(crate) async fn documents(db: &Db, lang: Lang) -> Result<Vec<Document>, sqlx::Error> {
    let texts = texts::of(lang);
    let brands = catalogue::list_brands(db, lang).await?;
    let brand_names = |brand_id: &str| {
        brands
            .iter()
            .find(|brand| brand.id == brand_id)
            .map(|brand| aliases(&brand.id, &brand.name, &brand.other_names))
            .unwrap_or_default()
    };
    let mut found = Vec::new();
    for brand in &brands {
        found.push(Document {
            id: format!("brand:{}", brand.id),
            kind: Kind::Brand,
            title: brand.name.clone(),
            aliases: aliases(&brand.id, "", &brand.other_names),
            names: Vec::new(),
            passages: passages([
                brand.description.clone(),
                brand.history.clone(),
                brand.key_features.join(". "),
                brand.popular_models.join(", "),
            ]),
            link: format!("/brand/{}", brand.id),
            suits: String::new(),
        });
    }
    let fits = catalogue::fit::all_fits(db).await?;
    let pages = finder::model_pages(db).await?;
    for product in catalogue::list_products(db, None, lang).await? {
        // A model in the finder is answered with its page there, which shows its whole fit; its text says
        // the feet it suits in the words a question about one's feet uses.
        let (fit, suits, link) = match fits.get(&product.id) {
            Some(fit) => {
                let feet = finder::feet_suited(fit, lang);
                let suits =
                    if feet.is_empty() { String::new() } else { format!("{}: {}.", texts.suits, feet.join("; ")) };
                let page = pages.get(&product.id).cloned().unwrap_or_else(|| format!("/shoe/{}", product.id));
                (finder::describe_fully(fit, lang), suits, page)
            }
            None => (String::new(), String::new(), product.link),
        };
        found.push(Document {
            id: format!("product:{}", product.id),
            kind: Kind::Product,
            title: product.name.clone(),
            aliases: format!("{} {}", product.other_names.join(" "), brand_names(&product.brand_id)),
            names: std::iter::once(product.name.clone()).chain(product.other_names.iter().cloned()).collect(),
            // A model's fit first: what a question about it most often asks, and what an answer quotes.
            passages: passages([
                fit,
                suits.clone(),
                format!("{}: {}. {}", texts.price, product.price, product.description),
            ]),
            link,
            suits,
        });
    }
    for (post, markdown) in blog::store::published_sources(db, lang).await? {
        found.push(Document {
            id: format!("post:{}", post.slug),
            kind: Kind::Post,
            title: post.title,
            aliases: String::new(),
            names: Vec::new(),
            passages: passages(std::iter::once(post.excerpt).chain(blog::plain_paragraphs(&markdown))),
            link: format!("/blog/{}", post.slug),
            suits: String::new(),
        });
    }
    for (section, title, pieces) in tips::searchable(lang) {
        found.push(Document {
            id: format!("tips:{section}"),
            kind: Kind::Tips,
            title,
            aliases: String::new(),
            names: Vec::new(),
            passages: passages(pieces),
            link: format!("/tips#tips-{section}"),
            suits: String::new(),
        });
    }
    Ok(found)
}

/// A brand's name with its other names and aliases.
fn aliases(brand_id: &str, name: &str, other_names: &[String]) -> String {
    let aliases = BRAND_ALIASES.iter().find(|(id, _)| *id == brand_id).map_or("", |(_, aliases)| aliases);
    format!("{name} {} {aliases}", other_names.join(" "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_pieces_are_joined_into_passages() {
        let long = "x".repeat(700);
        assert_eq!(
            super::passages(["a".to_owned(), " b ".to_owned(), String::new(), long.clone(), "c".to_owned()]),
            ["a\nb", long.as_str(), "c"]
        );
    }
}
