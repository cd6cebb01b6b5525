//! The admin's side of the blog: posts and categories with every language, drafts included.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::model::{CategoryDraft, CategoryText, PostDraft, PostText};
use crate::{
    db::{exists, is_unique_violation, Db},
    translations::{group_by_record, TextTable},
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostRecord {
    #[serde(flatten)]
    pub draft: PostDraft,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CategoryRecord {
    #[serde(flatten)]
    pub draft: CategoryDraft,
    /// Posts in it, drafts included.
    pub post_count: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("the slug is taken")]
    SlugTaken,
    #[error("no such category")]
    UnknownCategory,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

fn taken_or(err: sqlx::Error) -> WriteError {
    if is_unique_violation(&err) {
        WriteError::SlugTaken
    } else {
        WriteError::Database(err)
    }
}

const POST_TEXTS: TextTable =
    TextTable { table: "blog_post_translations", key: "post_slug", columns: &["title", "excerpt", "body_markdown"] };
const CATEGORY_TEXTS: TextTable =
    TextTable { table: "blog_category_translations", key: "category_slug", columns: &["name", "description"] };

pub(crate) async fn post_records(db: &Db, only: Option<&str>) -> Result<Vec<PostRecord>, sqlx::Error> {
    let posts = sqlx::query(
        "SELECT * FROM blog_posts WHERE $1 IS NULL OR slug = $1 ORDER BY COALESCE(published_at, created_at) DESC, slug",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let texts = sqlx::query("SELECT * FROM blog_post_translations WHERE $1 IS NULL OR post_slug = $1")
        .bind(only)
        .fetch_all(db)
        .await?;
    let mut by_post = group_by_record(&texts, "post_slug", |row| {
        Ok(PostText {
            title: row.try_get("title")?,
            excerpt: row.try_get("excerpt")?,
            body: row.try_get("body_markdown")?,
        })
    })?;
    posts
        .iter()
        .map(|row| {
            let slug: String = row.try_get("slug")?;
            let status: String = row.try_get("status")?;
            Ok(PostRecord {
                draft: PostDraft {
                    translations: by_post.remove(&slug).unwrap_or_default(),
                    slug,
                    category: row.try_get("category_slug")?,
                    author: row.try_get("author")?,
                    cover: row.try_get("cover")?,
                    status: serde_json::from_value(status.into()).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
                    published_at: row.try_get("published_at")?,
                },
                created_at: row.try_get("created_at")?,
                updated_at: row.try_get("updated_at")?,
            })
        })
        .collect()
}

async fn check_category(conn: &mut AnyConnection, post: &PostDraft) -> Result<(), WriteError> {
    match &post.category {
        Some(slug) if !exists(conn, "SELECT 1 FROM blog_categories WHERE slug = $1", slug).await? => {
            Err(WriteError::UnknownCategory)
        }
        _ => Ok(()),
    }
}

pub(crate) async fn insert_post(conn: &mut AnyConnection, post: &PostDraft, now: i64) -> Result<(), WriteError> {
    if exists(conn, "SELECT 1 FROM blog_posts WHERE slug = $1", &post.slug).await? {
        return Err(WriteError::SlugTaken);
    }
    check_category(conn, post).await?;
    sqlx::query(
        "INSERT INTO blog_posts (slug, category_slug, author, cover, status, published_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&post.slug)
    .bind(&post.category)
    .bind(&post.author)
    .bind(&post.cover)
    .bind(post.status.code())
    .bind(post.published_at)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map_err(taken_or)?;
    write_post_texts(conn, post).await
}

/// `false` when there is no such post.
pub(crate) async fn update_post(conn: &mut AnyConnection, post: &PostDraft, now: i64) -> Result<bool, WriteError> {
    check_category(conn, post).await?;
    let updated = sqlx::query(
        "UPDATE blog_posts SET category_slug = $2, author = $3, cover = $4, status = $5, published_at = $6, updated_at = $7 WHERE slug = $1",
    )
    .bind(&post.slug)
    .bind(&post.category)
    .bind(&post.author)
    .bind(&post.cover)
    .bind(post.status.code())
    .bind(post.published_at)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    write_post_texts(conn, post).await?;
    Ok(true)
}

async fn write_post_texts(conn: &mut AnyConnection, post: &PostDraft) -> Result<(), WriteError> {
    POST_TEXTS
        .replace(conn, &post.slug, &post.translations, |t| vec![t.title.clone(), t.excerpt.clone(), t.body.clone()])
        .await?;
    Ok(())
}

pub(crate) async fn delete_post(db: &Db, slug: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM blog_posts WHERE slug = $1").bind(slug).execute(db).await?.rows_affected() > 0)
}

pub(crate) async fn category_records(db: &Db, only: Option<&str>) -> Result<Vec<CategoryRecord>, sqlx::Error> {
    let categories = sqlx::query(
        "SELECT c.slug, (SELECT COUNT(*) FROM blog_posts p WHERE p.category_slug = c.slug) AS post_count
         FROM blog_categories c WHERE $1 IS NULL OR c.slug = $1 ORDER BY c.position, c.slug",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let texts = sqlx::query("SELECT * FROM blog_category_translations WHERE $1 IS NULL OR category_slug = $1")
        .bind(only)
        .fetch_all(db)
        .await?;
    let mut by_category = group_by_record(&texts, "category_slug", |row| {
        Ok(CategoryText { name: row.try_get("name")?, description: row.try_get("description")? })
    })?;
    categories
        .iter()
        .map(|row| {
            let slug: String = row.try_get("slug")?;
            Ok(CategoryRecord {
                draft: CategoryDraft { translations: by_category.remove(&slug).unwrap_or_default(), slug },
                post_count: row.try_get("post_count")?,
            })
        })
        .collect()
}

pub(crate) async fn insert_category(
    conn: &mut AnyConnection,
    category: &CategoryDraft,
    now: i64,
) -> Result<(), WriteError> {
    if exists(conn, "SELECT 1 FROM blog_categories WHERE slug = $1", &category.slug).await? {
        return Err(WriteError::SlugTaken);
    }
    sqlx::query(
        "INSERT INTO blog_categories (slug, position, created_at, updated_at)
         VALUES ($1, (SELECT COALESCE(MAX(position), -1) + 1 FROM blog_categories), $2, $2)",
    )
    .bind(&category.slug)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map_err(taken_or)?;
    write_category_texts(conn, category).await
}

pub(crate) async fn update_category(
    conn: &mut AnyConnection,
    category: &CategoryDraft,
    now: i64,
) -> Result<bool, WriteError> {
    let updated = sqlx::query("UPDATE blog_categories SET updated_at = $2 WHERE slug = $1")
        .bind(&category.slug)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    write_category_texts(conn, category).await?;
    Ok(true)
}

async fn write_category_texts(conn: &mut AnyConnection, category: &CategoryDraft) -> Result<(), WriteError> {
    CATEGORY_TEXTS
        .replace(conn, &category.slug, &category.translations, |t| vec![t.name.clone(), t.description.clone()])
        .await?;
    Ok(())
}

/// Deletes the category; its posts stay, uncategorised (ON DELETE SET NULL). `false` when unknown.
pub(crate) async fn delete_category(db: &Db, slug: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM blog_categories WHERE slug = $1").bind(slug).execute(db).await?.rows_affected() > 0)
}
