//! Templates in the database: `email_templates` and their texts in `email_template_translations`.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::model::{TemplateCategory, TemplateDraft, TemplateText};
use crate::{
    db::{is_unique_violation, Db},
    translations::{group_by_record, TextTable},
};

const TEXTS: TextTable =
    TextTable { table: "email_template_translations", key: "template_id", columns: &["subject", "body_markdown"] };

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateRecord {
    pub id: String,
    #[serde(flatten)]
    pub draft: TemplateDraft,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("another template has this name")]
    NameTaken,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Every template (or only `id`), by name.
pub async fn records(db: &Db, only: Option<&str>) -> Result<Vec<TemplateRecord>, sqlx::Error> {
    let rows = sqlx::query("SELECT * FROM email_templates WHERE $1 IS NULL OR id = $1 ORDER BY name, id")
        .bind(only)
        .fetch_all(db)
        .await?;
    let texts = sqlx::query("SELECT * FROM email_template_translations WHERE $1 IS NULL OR template_id = $1")
        .bind(only)
        .fetch_all(db)
        .await?;
    let mut by_template = group_by_record(&texts, "template_id", |row| {
        Ok(TemplateText { subject: row.try_get("subject")?, body: row.try_get("body_markdown")? })
    })?;
    rows.iter()
        .map(|row| {
            let id: String = row.try_get("id")?;
            let category: String = row.try_get("category")?;
            Ok(TemplateRecord {
                draft: TemplateDraft {
                    name: row.try_get("name")?,
                    category: TemplateCategory::from_code(&category)
                        .ok_or_else(|| sqlx::Error::Decode(format!("unknown template category {category}").into()))?,
                    translations: by_template.remove(&id).unwrap_or_default(),
                },
                id,
                created_at: row.try_get("created_at")?,
                updated_at: row.try_get("updated_at")?,
            })
        })
        .collect()
}

/// Another template (not `id`) has the name, whatever its case. The unique index is the last word when
/// two admins save at once.
async fn check_name(conn: &mut AnyConnection, name: &str, id: &str) -> Result<(), WriteError> {
    let taken = sqlx::query("SELECT 1 FROM email_templates WHERE LOWER(name) = LOWER($1) AND id <> $2")
        .bind(name)
        .bind(id)
        .fetch_optional(conn)
        .await?;
    if taken.is_some() {
        Err(WriteError::NameTaken)
    } else {
        Ok(())
    }
}

fn taken_or(err: sqlx::Error) -> WriteError {
    if is_unique_violation(&err) {
        WriteError::NameTaken
    } else {
        WriteError::Database(err)
    }
}

pub async fn insert(conn: &mut AnyConnection, id: &str, template: &TemplateDraft, now: i64) -> Result<(), WriteError> {
    check_name(conn, &template.name, id).await?;
    sqlx::query("INSERT INTO email_templates (id, name, category, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)")
        .bind(id)
        .bind(&template.name)
        .bind(template.category.code())
        .bind(now)
        .execute(&mut *conn)
        .await
        .map_err(taken_or)?;
    write_texts(conn, id, template).await
}

/// `false` when there is no such template.
pub async fn update(
    conn: &mut AnyConnection,
    id: &str,
    template: &TemplateDraft,
    now: i64,
) -> Result<bool, WriteError> {
    check_name(conn, &template.name, id).await?;
    let updated = sqlx::query("UPDATE email_templates SET name = $2, category = $3, updated_at = $4 WHERE id = $1")
        .bind(id)
        .bind(&template.name)
        .bind(template.category.code())
        .bind(now)
        .execute(&mut *conn)
        .await
        .map_err(taken_or)?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    write_texts(conn, id, template).await?;
    Ok(true)
}

async fn write_texts(conn: &mut AnyConnection, id: &str, template: &TemplateDraft) -> Result<(), WriteError> {
    TEXTS.replace(conn, id, &template.translations, |t| vec![t.subject.clone(), t.body.clone()]).await?;
    Ok(())
}

/// `false` when there is no such template (its texts go with it).
pub async fn delete(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM email_templates WHERE id = $1").bind(id).execute(db).await?.rows_affected() > 0)
}
