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
pub(crate) struct TemplateRecord {
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
pub(crate) async fn records(db: &Db, only: Option<&str>) -> Result<Vec<TemplateRecord>, sqlx::Error> {
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
                    sends_welcome: row.try_get::<i64, _>("sends_welcome")? != 0,
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

/// Whether a save makes a new template or writes over one.
#[derive(Clone, Copy)]
pub(crate) enum Save {
    Create,
    Replace,
}

/// Writes the template under `id`; `false` when replacing one that does not exist.
pub(crate) async fn save(
    conn: &mut AnyConnection,
    id: &str,
    template: &TemplateDraft,
    now: i64,
    how: Save,
) -> Result<bool, WriteError> {
    check_name(conn, &template.name, id).await?;
    let sql = match how {
        Save::Create => {
            "INSERT INTO email_templates (id, name, category, sends_welcome, created_at, updated_at)
             VALUES ($1, $2, $3, $5, $4, $4)"
        }
        Save::Replace => {
            "UPDATE email_templates SET name = $2, category = $3, updated_at = $4, sends_welcome = $5 WHERE id = $1"
        }
    };
    let written = sqlx::query(sql)
        .bind(id)
        .bind(&template.name)
        .bind(template.category.code())
        .bind(now)
        .bind(i64::from(template.sends_welcome))
        .execute(&mut *conn)
        .await
        .map_err(taken_or)?;
    if written.rows_affected() == 0 {
        return Ok(false);
    }
    if template.sends_welcome {
        sqlx::query("UPDATE email_templates SET sends_welcome = 0 WHERE id <> $1").bind(id).execute(&mut *conn).await?;
    }
    TEXTS.replace(conn, id, &template.translations, |t| vec![t.subject.clone(), t.body.clone()]).await?;
    Ok(true)
}

/// The template sent to new members, if one is on.
pub(crate) async fn welcome(db: &Db) -> Result<Option<TemplateRecord>, sqlx::Error> {
    let id: Option<String> =
        sqlx::query_scalar("SELECT id FROM email_templates WHERE sends_welcome = 1").fetch_optional(db).await?;
    match id {
        Some(id) => Ok(records(db, Some(&id)).await?.pop()),
        None => Ok(None),
    }
}

/// `false` when there is no such template (its texts go with it).
pub(crate) async fn delete(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM email_templates WHERE id = $1").bind(id).execute(db).await?.rows_affected() > 0)
}
