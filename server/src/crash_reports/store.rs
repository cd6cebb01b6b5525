use crate::db::Db;

/// A report as stored, its fields already cut to size.
pub struct NewCrashReport {
    pub user_id: String,
    pub message: String,
    pub stack: Option<String>,
    pub component_stack: Option<String>,
    pub url: String,
    pub user_agent: String,
    pub reported_at: String,
}

pub async fn insert(db: &Db, report: NewCrashReport, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO crash_reports (id, created_at, user_id, message, stack, component_stack, url, user_agent, reported_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(now)
    .bind(report.user_id)
    .bind(report.message)
    .bind(report.stack)
    .bind(report.component_stack)
    .bind(report.url)
    .bind(report.user_agent)
    .bind(report.reported_at)
    .execute(db)
    .await?;
    Ok(())
}
