//! The blog's reads for readers: published posts only, each text in the asked language else Hebrew.

use sqlx::Row;

use super::{
    model::{Category, CategoryRef, PostSummary, PAGE_SIZE},
    render::render,
    Post,
};
use crate::{db::Db, lang::Lang};

const SUMMARY_COLUMNS: &str = "p.slug, p.cover, p.author, p.published_at, p.updated_at, p.category_slug,
        CASE WHEN t.title IS NULL THEN 'he' ELSE $1 END AS text_lang,
        COALESCE(t.title, h.title) AS title,
        COALESCE(t.excerpt, h.excerpt) AS excerpt,
        COALESCE(ct.name, ch.name) AS category_name";
/// Published posts, `t` their texts in the language `$1`, `h` in Hebrew.
const SUMMARY_FROM: &str = "FROM blog_posts p
    JOIN blog_post_translations h ON h.post_slug = p.slug AND h.lang = 'he'
    LEFT JOIN blog_post_translations t ON t.post_slug = p.slug AND t.lang = $1
    LEFT JOIN blog_category_translations ct ON ct.category_slug = p.category_slug AND ct.lang = $1
    LEFT JOIN blog_category_translations ch ON ch.category_slug = p.category_slug AND ch.lang = 'he'
    WHERE p.status = 'published'";

fn summary_from_row(row: &sqlx::any::AnyRow) -> Result<PostSummary, sqlx::Error> {
    let category = match (
        row.try_get::<Option<String>, _>("category_slug")?,
        row.try_get::<Option<String>, _>("category_name")?,
    ) {
        (Some(slug), Some(name)) => Some(CategoryRef { slug, name }),
        _ => None,
    };
    Ok(PostSummary {
        slug: row.try_get("slug")?,
        title: row.try_get("title")?,
        excerpt: row.try_get("excerpt")?,
        cover: row.try_get("cover")?,
        author: row.try_get("author")?,
        published_at: row.try_get::<Option<i64>, _>("published_at")?.unwrap_or_default(),
        category,
        lang: Lang::from_tag(Some(&row.try_get::<String, _>("text_lang")?)),
    })
}

/// One page (1-based) of published posts, newest first, and the total; optionally of one category.
pub(crate) async fn published_page(
    db: &Db,
    lang: Lang,
    page: i64,
    category: Option<&str>,
) -> Result<(Vec<PostSummary>, i64), sqlx::Error> {
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM blog_posts WHERE status = 'published' AND ($1 IS NULL OR category_slug = $1)",
    )
    .bind(category)
    .fetch_one(db)
    .await?;
    // A page past the last one is empty; so is one whose offset would not fit in a number.
    let offset = match (page - 1).checked_mul(PAGE_SIZE) {
        Some(offset) if offset < total => offset,
        _ => return Ok((Vec::new(), total)),
    };
    let sql = format!("SELECT {SUMMARY_COLUMNS} {SUMMARY_FROM} AND ($2 IS NULL OR p.category_slug = $2) ORDER BY p.published_at DESC, p.slug LIMIT $3 OFFSET $4");
    let rows = sqlx::query(&sql).bind(lang.code()).bind(category).bind(PAGE_SIZE).bind(offset).fetch_all(db).await?;
    Ok((rows.iter().map(summary_from_row).collect::<Result<_, _>>()?, total))
}

/// Every published post (for the sitemap and feeds), newest first.
/// What changes when any post does: the published count and the latest change.
pub(crate) async fn fingerprint(db: &Db) -> Result<[i64; 2], sqlx::Error> {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM blog_posts WHERE status = 'published'),
                (SELECT COALESCE(MAX(updated_at), 0) FROM blog_posts)",
    )
    .fetch_one(db)
    .await?;
    Ok([row.try_get(0)?, row.try_get(1)?])
}

pub(crate) async fn published_count(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM blog_posts WHERE status = 'published'").fetch_one(db).await
}

pub(crate) async fn all_published(db: &Db, lang: Lang) -> Result<Vec<PostSummary>, sqlx::Error> {
    let sql = format!("SELECT {SUMMARY_COLUMNS} {SUMMARY_FROM} ORDER BY p.published_at DESC, p.slug");
    let rows = sqlx::query(&sql).bind(lang.code()).fetch_all(db).await?;
    rows.iter().map(summary_from_row).collect()
}

/// A published post's summary and when it last changed (epoch ms), without its body: what a page's
/// head needs. `None` for an unknown or draft post.
pub(crate) async fn published_summary(
    db: &Db,
    slug: &str,
    lang: Lang,
) -> Result<Option<(PostSummary, i64)>, sqlx::Error> {
    let sql = format!("SELECT {SUMMARY_COLUMNS} {SUMMARY_FROM} AND p.slug = $2");
    let Some(row) = sqlx::query(&sql).bind(lang.code()).bind(slug).fetch_optional(db).await? else { return Ok(None) };
    Ok(Some((summary_from_row(&row)?, row.try_get("updated_at")?)))
}

/// A published post with its body rendered, or `None` (unknown or draft).
pub(crate) async fn published_post(db: &Db, slug: &str, lang: Lang) -> Result<Option<Post>, sqlx::Error> {
    let Some((summary, updated_at)) = published_summary(db, slug, lang).await? else { return Ok(None) };
    let body: String =
        sqlx::query_scalar("SELECT body_markdown FROM blog_post_translations WHERE post_slug = $1 AND lang = $2")
            .bind(slug)
            .bind(summary.lang.code())
            .fetch_one(db)
            .await?;
    Ok(Some(Post { summary, updated_at, body: render(&body) }))
}

/// Every published post with its Markdown source in `lang` (or Hebrew where the post lacks it): what
/// the assistant searches.
pub(crate) async fn published_sources(db: &Db, lang: Lang) -> Result<Vec<(PostSummary, String)>, sqlx::Error> {
    let sql = format!("SELECT {SUMMARY_COLUMNS}, COALESCE(t.body_markdown, h.body_markdown) AS body_markdown {SUMMARY_FROM} ORDER BY p.slug");
    let rows = sqlx::query(&sql).bind(lang.code()).fetch_all(db).await?;
    rows.iter().map(|row| Ok((summary_from_row(row)?, row.try_get("body_markdown")?))).collect()
}

pub(crate) async fn categories(db: &Db, lang: Lang) -> Result<Vec<Category>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT c.slug, COALESCE(t.name, h.name, c.slug) AS name, COALESCE(t.description, h.description, '') AS description,
            (SELECT COUNT(*) FROM blog_posts p WHERE p.category_slug = c.slug AND p.status = 'published') AS post_count
         FROM blog_categories c
         LEFT JOIN blog_category_translations t ON t.category_slug = c.slug AND t.lang = $1
         LEFT JOIN blog_category_translations h ON h.category_slug = c.slug AND h.lang = 'he'
         ORDER BY c.position, c.slug",
    )
    .bind(lang.code())
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Category {
                slug: row.try_get("slug")?,
                name: row.try_get("name")?,
                description: row.try_get("description")?,
                post_count: row.try_get("post_count")?,
            })
        })
        .collect()
}
