//! Loads the blog shipped in `content/blog/` into an empty installation, once.

use std::collections::BTreeMap;

use anyhow::{anyhow, Context};
use chrono::NaiveDate;
use serde::Deserialize;

use super::{
    model::{CategoryDraft, PostDraft, PostStatus, PostText},
    write,
};
use crate::{
    db::{self, Db},
    lang::Lang,
    time::now_ms,
};

const CATEGORIES_JSON: &str = include_str!("../../../content/blog/categories.json");
const POSTS_JSON: &str = include_str!("../../../content/blog/posts.json");
const SEED_MARK: &str = "seed.blog";

/// Each post's Markdown bodies, in the order of `Lang::ALL`.
macro_rules! bodies {
    ($($slug:literal),* $(,)?) => {
        &[$(($slug, [
            include_str!(concat!("../../../content/blog/", $slug, "/he.md")),
            include_str!(concat!("../../../content/blog/", $slug, "/en.md")),
            include_str!(concat!("../../../content/blog/", $slug, "/ru.md")),
            include_str!(concat!("../../../content/blog/", $slug, "/fr.md")),
            include_str!(concat!("../../../content/blog/", $slug, "/es.md")),
        ])),*]
    };
}

const BODIES: &[(&str, [&str; 5])] = bodies!(
    "understanding-shanks-and-boxes",
    "toe-protection-and-foot-care",
    "making-pointe-shoes-last",
    "sewing-ribbons-and-elastics",
    "breaking-in-new-pointe-shoes",
    "professional-pointe-fitting",
    "first-pointe-shoes"
);

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedPost {
    slug: String,
    category: String,
    author: String,
    /// A date, `YYYY-MM-DD`; the post counts as published at 09:00 UTC that day.
    published_at: String,
    cover: String,
    translations: BTreeMap<Lang, SeedPostText>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedPostText {
    title: String,
    excerpt: String,
}

pub(crate) fn seed_categories() -> anyhow::Result<Vec<CategoryDraft>> {
    serde_json::from_str(CATEGORIES_JSON).context("content/blog/categories.json is invalid")
}

/// The seed posts, bodies included, oldest first (so the newest is inserted last).
pub(crate) fn seed_posts() -> anyhow::Result<Vec<PostDraft>> {
    let posts: Vec<SeedPost> = serde_json::from_str(POSTS_JSON).context("content/blog/posts.json is invalid")?;
    let mut drafts = posts
        .into_iter()
        .map(|post| {
            let (_, bodies) = BODIES
                .iter()
                .find(|(slug, _)| *slug == post.slug)
                .ok_or_else(|| anyhow!("no bodies for {}", post.slug))?;
            let day = NaiveDate::parse_from_str(&post.published_at, "%Y-%m-%d")
                .with_context(|| format!("{}: bad date", post.slug))?;
            let published_at = day.and_hms_opt(9, 0, 0).expect("09:00 exists").and_utc().timestamp_millis();
            let translations = post
                .translations
                .into_iter()
                .map(|(lang, text)| {
                    let body = bodies[Lang::ALL.iter().position(|l| *l == lang).expect("a known language")].to_owned();
                    (lang, PostText { title: text.title, excerpt: text.excerpt, body })
                })
                .collect();
            Ok(PostDraft {
                slug: post.slug,
                category: Some(post.category),
                author: post.author,
                cover: post.cover,
                status: PostStatus::Published,
                published_at: Some(published_at),
                translations,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    drafts.reverse();
    Ok(drafts)
}

/// Inserts the seed blog unless it was loaded before. Returns whether anything was inserted.
pub(crate) async fn seed_blog(db: &Db) -> anyhow::Result<bool> {
    let categories = seed_categories()?;
    let posts = seed_posts()?;
    let now = now_ms();
    let mut tx = crate::db::begin(db).await?;
    if !db::claim_once(&mut tx, SEED_MARK, now).await? {
        return Ok(false);
    }
    for category in &categories {
        write::insert_category(&mut tx, category, now).await?;
    }
    for post in &posts {
        write::insert_post(&mut tx, post, now).await?;
    }
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_blog_is_complete_valid_and_in_every_language() {
        let mut categories = seed_categories().unwrap();
        for category in &mut categories {
            assert_eq!(category.translations.len(), Lang::ALL.len(), "{}", category.slug);
            category.tidy_and_check(true).unwrap();
        }
        let mut posts = seed_posts().unwrap();
        assert!(posts.len() >= 6);
        assert_eq!(posts.len(), BODIES.len(), "every body folder belongs to a post");
        for post in &mut posts {
            assert_eq!(post.translations.len(), Lang::ALL.len(), "{}", post.slug);
            assert!(categories.iter().any(|c| Some(&c.slug) == post.category.as_ref()), "{}", post.slug);
            post.tidy_and_check(true, 0).unwrap_or_else(|e| panic!("{}: {e}", post.slug));
        }
    }
}
