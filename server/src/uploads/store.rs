use crate::db::Db;

pub(crate) struct NewUpload<'a> {
    pub name: &'a str,
    pub content_type: &'a str,
    pub bytes: &'a [u8],
    pub created_by: &'a str,
}

/// Stores the image once: the same name is the same content.
pub(crate) async fn insert(db: &Db, upload: NewUpload<'_>, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO uploads (name, content_type, bytes, size, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO NOTHING",
    )
    .bind(upload.name)
    .bind(upload.content_type)
    .bind(upload.bytes.to_vec())
    .bind(upload.bytes.len() as i64)
    .bind(now)
    .bind(upload.created_by)
    .execute(db)
    .await?;
    Ok(())
}

/// The image's content type and bytes.
pub(crate) async fn find(db: &Db, name: &str) -> Result<Option<(String, Vec<u8>)>, sqlx::Error> {
    sqlx::query_as("SELECT content_type, bytes FROM uploads WHERE name = $1").bind(name).fetch_optional(db).await
}
