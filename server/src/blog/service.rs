//! The editor's rules: a draft is tidied and checked before it is written in one transaction; a slug
//! in the address and in the draft must agree; a preview is as long as a body may be.

use super::{
    model::{CategoryDraft, PostDraft, BODY_MAX},
    render::{render, Block},
    write::{self, CategoryRecord, PostRecord, WriteError},
};
use crate::{
    db::{self, Db},
    error::{ApiError, ApiResult, ErrorCode, Text},
    fields,
};

pub(crate) const POST_NOT_FOUND: Text = Text::new(ErrorCode::PostNotFound, "Post not found");
const CATEGORY_NOT_FOUND: Text = Text::new(ErrorCode::CategoryNotFound, "Category not found");
const SLUG_TAKEN: Text = Text::new(ErrorCode::SlugTaken, "This slug is already in use");

impl From<WriteError> for ApiError {
    fn from(err: WriteError) -> Self {
        match err {
            WriteError::SlugTaken => ApiError::Taken { field: "slug", message: SLUG_TAKEN },
            WriteError::UnknownCategory => ApiError::invalid_field("category", CATEGORY_NOT_FOUND),
            WriteError::Database(err) => err.into(),
        }
    }
}

pub(crate) async fn post(db: &Db, slug: &str) -> ApiResult<PostRecord> {
    write::post_records(db, Some(slug)).await?.pop().ok_or(ApiError::NotFound(POST_NOT_FOUND))
}

pub(crate) async fn category(db: &Db, slug: &str) -> ApiResult<CategoryRecord> {
    write::category_records(db, Some(slug)).await?.pop().ok_or(ApiError::NotFound(CATEGORY_NOT_FOUND))
}

pub(crate) async fn create_post(db: &Db, mut draft: PostDraft, now: i64) -> ApiResult<PostRecord> {
    draft.tidy_and_check(true, now)?;
    let mut tx = db::begin(db).await?;
    write::insert_post(&mut tx, &draft, now).await?;
    tx.commit().await?;
    post(db, &draft.slug).await
}

pub(crate) async fn update_post(db: &Db, slug: &str, mut draft: PostDraft, now: i64) -> ApiResult<PostRecord> {
    fields::same_id("slug", &draft.slug, slug)?;
    draft.tidy_and_check(false, now)?;
    let mut tx = db::begin(db).await?;
    if !write::update_post(&mut tx, &draft, now).await? {
        return Err(ApiError::NotFound(POST_NOT_FOUND));
    }
    tx.commit().await?;
    post(db, &draft.slug).await
}

pub(crate) async fn delete_post(db: &Db, slug: &str) -> ApiResult<()> {
    if !write::delete_post(db, slug).await? {
        return Err(ApiError::NotFound(POST_NOT_FOUND));
    }
    Ok(())
}

/// The body as readers will get it.
pub(crate) fn preview(markdown: &str) -> ApiResult<Vec<Block>> {
    if markdown.chars().count() > BODY_MAX {
        return Err(ApiError::invalid_field("markdown", fields::too_long(BODY_MAX)));
    }
    Ok(render(markdown))
}

pub(crate) async fn create_category(db: &Db, mut draft: CategoryDraft, now: i64) -> ApiResult<CategoryRecord> {
    draft.tidy_and_check(true)?;
    let mut tx = db::begin(db).await?;
    write::insert_category(&mut tx, &draft, now).await?;
    tx.commit().await?;
    category(db, &draft.slug).await
}

pub(crate) async fn update_category(
    db: &Db,
    slug: &str,
    mut draft: CategoryDraft,
    now: i64,
) -> ApiResult<CategoryRecord> {
    fields::same_id("slug", &draft.slug, slug)?;
    draft.tidy_and_check(false)?;
    let mut tx = db::begin(db).await?;
    if !write::update_category(&mut tx, &draft, now).await? {
        return Err(ApiError::NotFound(CATEGORY_NOT_FOUND));
    }
    tx.commit().await?;
    category(db, &draft.slug).await
}

/// Deletes the category; its posts stay, without a category.
pub(crate) async fn delete_category(db: &Db, slug: &str) -> ApiResult<()> {
    if !write::delete_category(db, slug).await? {
        return Err(ApiError::NotFound(CATEGORY_NOT_FOUND));
    }
    Ok(())
}
