//! The blog as readers get it (one language) and as admins write it (every language).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::render::Block;
use crate::{
    error::ApiResult,
    fields::{schema, text_field as field, FieldErrors},
    lang::Lang,
};

/// Posts per page of `/blog`.
pub(crate) const PAGE_SIZE: i64 = 6;
pub(crate) const TITLE_MAX: usize = 150;
pub(crate) const EXCERPT_MAX: usize = 300;
pub(crate) const BODY_MAX: usize = 100_000;
pub(crate) const AUTHOR_MAX: usize = 100;
pub(crate) const CATEGORY_NAME_MAX: usize = 60;
pub(crate) const CATEGORY_DESCRIPTION_MAX: usize = 300;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum PostStatus {
    Draft,
    Published,
}

impl PostStatus {
    pub(crate) fn code(self) -> &'static str {
        match self {
            PostStatus::Draft => "draft",
            PostStatus::Published => "published",
        }
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub(crate) struct CategoryRef {
    pub slug: String,
    pub name: String,
}

/// A published post in the list, in one language.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostSummary {
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    pub cover: String,
    pub author: String,
    /// Epoch milliseconds.
    pub published_at: i64,
    pub category: Option<CategoryRef>,
    /// The language the texts are in: the asked one, or Hebrew when the post lacks it.
    pub lang: Lang,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostPage {
    pub posts: Vec<PostSummary>,
    /// 1-based.
    pub page: i64,
    pub page_count: i64,
    pub total: i64,
    pub page_size: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Post {
    #[serde(flatten)]
    pub summary: PostSummary,
    pub updated_at: i64,
    pub body: Vec<Block>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Category {
    pub slug: String,
    pub name: String,
    pub description: String,
    /// Published posts in it.
    pub post_count: i64,
}

/// A post as an admin writes it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PostDraft {
    /// Slug form; the post's address is `/blog/{slug}`. Fixed once created.
    #[schema(schema_with = schema::slug)]
    pub slug: String,
    /// An existing category's slug.
    pub category: Option<String>,
    #[schema(pattern = r"\S", max_length = 100)]
    pub author: String,
    /// Cover image: an upload, a path on this site or an https address; empty for none.
    #[serde(default)]
    #[schema(schema_with = schema::optional_web_address)]
    pub cover: String,
    pub status: PostStatus,
    /// Epoch milliseconds; publishing without one uses the moment of publishing.
    pub published_at: Option<i64>,
    #[schema(schema_with = schema::translations::<PostText>)]
    pub translations: BTreeMap<Lang, PostText>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PostText {
    #[schema(pattern = r"\S", max_length = 150)]
    pub title: String,
    #[schema(pattern = r"\S", max_length = 300)]
    pub excerpt: String,
    /// Markdown. A paragraph that is only a YouTube, Instagram, Facebook or Twitter/X address is embedded.
    #[schema(pattern = r"\S", max_length = 100000)]
    pub body: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CategoryDraft {
    #[schema(schema_with = schema::slug)]
    pub slug: String,
    #[schema(schema_with = schema::translations::<CategoryText>)]
    pub translations: BTreeMap<Lang, CategoryText>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CategoryText {
    #[schema(pattern = r"\S", max_length = 60)]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    pub description: String,
}

impl PostDraft {
    /// Trims, drops languages left blank, fills the publishing time, and checks every field.
    pub(crate) fn tidy_and_check(&mut self, new: bool, now: i64) -> ApiResult<()> {
        self.translations.retain(|lang, t| {
            *lang == Lang::DEFAULT || ![&t.title, &t.excerpt, &t.body].iter().all(|s| s.trim().is_empty())
        });
        for text in self.translations.values_mut() {
            text.title = text.title.trim().to_owned();
            text.excerpt = text.excerpt.trim().to_owned();
        }
        self.author = self.author.trim().to_owned();
        self.category = self.category.take().filter(|c| !c.trim().is_empty());
        if self.status == PostStatus::Published && self.published_at.is_none() {
            self.published_at = Some(now);
        }
        let mut errors = FieldErrors::default();
        if new {
            errors.slug("slug", &self.slug);
        }
        errors.required("author", &self.author, AUTHOR_MAX);
        errors.web_address("cover", &self.cover, false);
        errors.languages(&self.translations, "title", |errors, lang, text| {
            errors.required(&field(lang, "title"), &text.title, TITLE_MAX);
            errors.required(&field(lang, "excerpt"), &text.excerpt, EXCERPT_MAX);
            errors.required(&field(lang, "body"), &text.body, BODY_MAX);
        });
        errors.finish()
    }
}

impl CategoryDraft {
    pub(crate) fn tidy_and_check(&mut self, new: bool) -> ApiResult<()> {
        self.translations
            .retain(|lang, t| *lang == Lang::DEFAULT || !(t.name.trim().is_empty() && t.description.trim().is_empty()));
        for text in self.translations.values_mut() {
            text.name = text.name.trim().to_owned();
            text.description = text.description.trim().to_owned();
        }
        let mut errors = FieldErrors::default();
        if new {
            errors.slug("slug", &self.slug);
        }
        errors.languages(&self.translations, "name", |errors, lang, text| {
            errors.required(&field(lang, "name"), &text.name, CATEGORY_NAME_MAX);
            errors.max_len(&field(lang, "description"), &text.description, CATEGORY_DESCRIPTION_MAX);
        });
        errors.finish()
    }
}
