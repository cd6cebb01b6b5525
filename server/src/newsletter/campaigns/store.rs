//! Campaigns in the database (`email_campaigns`), their moves guarded by the state they start from so
//! that two admins, or an admin and the sender, cannot both move one campaign.

use std::collections::{BTreeMap, HashMap};

use serde::{de::DeserializeOwned, Serialize};
use sqlx::{any::AnyRow, AnyConnection, Row};
use utoipa::ToSchema;

use super::{
    model::{CampaignAction, CampaignDraft, Status},
    schedule::Schedule,
};
use crate::{
    db::Db,
    db_filter::{Filter, Value},
    error::{ErrorCode, Problem, Text},
    lang::Lang,
    newsletter::templates::model::{TemplateCategory, TemplateText},
    users::mailing::ListAudience,
};

/// A campaign's recipients by state, and its unique opens and clicks.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Performance {
    pub queued: i64,
    /// Delivered to the mail server.
    pub sent: i64,
    pub failed: i64,
    pub bounced: i64,
    /// Recipients who opened (or clicked) at least once.
    pub opened: i64,
    pub clicked: i64,
    /// `opened` ÷ `sent`, 0 to 1 (0 before anything is sent).
    pub open_rate: f64,
    pub click_rate: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CampaignRecord {
    pub id: String,
    #[serde(flatten)]
    pub draft: CampaignDraft,
    pub status: Status,
    /// What an admin may do to it now (its state's actions).
    pub actions: Vec<CampaignAction>,
    /// The start as chosen, when scheduled (kept on the record once sending).
    pub schedule: Option<Schedule>,
    /// The start's UTC instant, epoch milliseconds.
    pub scheduled_at: Option<i64>,
    /// Why a scheduled start did not happen (the campaign went back to draft).
    pub problem: Option<Problem>,
    /// Members frozen at the start.
    pub recipients: i64,
    pub performance: Performance,
    pub started_at: Option<i64>,
    /// When the last recipient was tried ("sent date").
    pub finished_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

fn json<T: DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T, sqlx::Error> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text).map_err(|err| sqlx::Error::Decode(Box::new(err)))
}

const NOT_STARTED: Text = Text::new(ErrorCode::CampaignNotStarted, "The campaign could not start at its time");

/// A kept problem, as JSON; one kept as English only (before problems had codes) is told as a campaign that
/// could not start, its English kept.
fn stored_problem(kept: &str) -> Problem {
    serde_json::from_str(kept).unwrap_or_else(|_| Problem { message: kept.to_owned(), ..NOT_STARTED.into() })
}

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("campaign fields serialise")
}

/// Campaigns (or only `id`), newest first, with their figures; `status` and `search` (in the name)
/// narrow the list.
pub(crate) async fn records(
    db: &Db,
    only: Option<&str>,
    status: Option<Status>,
    search: Option<&str>,
) -> Result<Vec<CampaignRecord>, sqlx::Error> {
    let mut filter = Filter::default();
    if let Some(id) = only {
        let id = filter.bind(Value::Text(id.to_owned()));
        filter.and(format!("id = {id}"));
    }
    if let Some(status) = status {
        let status = filter.bind(Value::Text(status.code().to_owned()));
        filter.and(format!("status = {status}"));
    }
    if let Some(search) = search.map(str::trim).filter(|search| !search.is_empty()) {
        let (pattern, escape) = crate::db_filter::contains_pattern(&search.to_lowercase());
        let pattern = filter.bind(Value::Text(pattern));
        filter.and(format!("LOWER(name) LIKE {pattern}{escape}"));
    }
    let sql = format!("SELECT * FROM email_campaigns {} ORDER BY created_at DESC, id", filter.where_clause());
    let rows = sqlx::query_with(&sql, filter.arguments()).fetch_all(db).await?;
    let mut figures = performance(db, only).await?;
    rows.iter()
        .map(|row| {
            let id: String = row.try_get("id")?;
            let status: String = row.try_get("status")?;
            let status = Status::from_code(&status)
                .ok_or_else(|| sqlx::Error::Decode(format!("unknown campaign status {status}").into()))?;
            let local: Option<String> = row.try_get("schedule_local")?;
            let timezone: Option<String> = row.try_get("timezone")?;
            Ok(CampaignRecord {
                draft: CampaignDraft {
                    name: row.try_get("name")?,
                    template_id: row.try_get::<Option<String>, _>("template_id")?.unwrap_or_default(),
                    subjects: json(row, "subjects")?,
                    groups: json(row, "target_groups")?,
                    languages: json(row, "languages")?,
                },
                status,
                actions: status.actions(),
                schedule: local.zip(timezone).and_then(|(local, timezone)| Schedule::from_stored(&local, &timezone)),
                scheduled_at: row.try_get("scheduled_at")?,
                problem: row.try_get::<Option<String>, _>("problem")?.map(|kept| stored_problem(&kept)),
                recipients: row.try_get("recipients")?,
                performance: figures.remove(&id).unwrap_or_default(),
                started_at: row.try_get("started_at")?,
                finished_at: row.try_get("finished_at")?,
                created_at: row.try_get("created_at")?,
                updated_at: row.try_get("updated_at")?,
                id,
            })
        })
        .collect()
}

/// The campaign whose sending ended last, with its figures (the dashboard's).
pub(crate) async fn last_sent(db: &Db) -> Result<Option<CampaignRecord>, sqlx::Error> {
    let id: Option<String> = sqlx::query_scalar(
        "SELECT id FROM email_campaigns WHERE status = 'sent' ORDER BY finished_at DESC, id LIMIT 1",
    )
    .fetch_optional(db)
    .await?;
    match id {
        Some(id) => Ok(records(db, Some(&id), None, None).await?.pop()),
        None => Ok(None),
    }
}

/// Every campaign's figures (or only `id`'s), from its recipients.
async fn performance(db: &Db, only: Option<&str>) -> Result<HashMap<String, Performance>, sqlx::Error> {
    let rows: Vec<(String, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT campaign_id, status, COUNT(*), COUNT(opened_at), COUNT(clicked_at) FROM campaign_recipients
         WHERE $1 IS NULL OR campaign_id = $1 GROUP BY campaign_id, status",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let mut figures: HashMap<String, Performance> = HashMap::new();
    for (campaign, status, count, opened, clicked) in rows {
        let figure = figures.entry(campaign).or_default();
        match status.as_str() {
            "queued" => figure.queued += count,
            "sent" => figure.sent += count,
            "failed" => figure.failed += count,
            _ => figure.bounced += count,
        }
        figure.opened += opened;
        figure.clicked += clicked;
    }
    for figure in figures.values_mut() {
        if figure.sent > 0 {
            figure.open_rate = figure.opened as f64 / figure.sent as f64;
            figure.click_rate = figure.clicked as f64 / figure.sent as f64;
        }
    }
    Ok(figures)
}

pub(crate) async fn status(db: &Db, id: &str) -> Result<Option<Status>, sqlx::Error> {
    let code: Option<String> =
        sqlx::query_scalar("SELECT status FROM email_campaigns WHERE id = $1").bind(id).fetch_optional(db).await?;
    Ok(code.as_deref().and_then(Status::from_code))
}

/// Whether a save makes a new draft or writes over one.
#[derive(Clone, Copy)]
pub(crate) enum Save {
    Create,
    /// Only a draft: `false` when there is no draft `id` (none at all, or one in another state).
    ReplaceDraft,
}

pub(crate) async fn save(db: &Db, id: &str, draft: &CampaignDraft, now: i64, how: Save) -> Result<bool, sqlx::Error> {
    let sql = match how {
        Save::Create => {
            "INSERT INTO email_campaigns (id, name, template_id, subjects, target_groups, languages, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'draft', $7, $7)"
        }
        Save::ReplaceDraft => {
            "UPDATE email_campaigns SET name = $2, template_id = $3, subjects = $4, target_groups = $5, languages = $6,
             problem = NULL, updated_at = $7 WHERE id = $1 AND status = 'draft'"
        }
    };
    let written = sqlx::query(sql)
        .bind(id)
        .bind(&draft.name)
        .bind(&draft.template_id)
        .bind(to_json(&draft.subjects))
        .bind(to_json(&draft.groups))
        .bind(to_json(&draft.languages))
        .bind(now)
        .execute(db)
        .await?;
    Ok(written.rows_affected() > 0)
}

/// Moves `id` from `from` to `to`, setting the schedule when given; `false` when it was not in `from`.
pub(crate) async fn move_to(
    db: &Db,
    id: &str,
    from: Status,
    to: Status,
    schedule: Option<(&Schedule, i64)>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let finished = matches!(to, Status::Sent | Status::Cancelled).then_some(now);
    let moved = sqlx::query(
        "UPDATE email_campaigns SET status = $3, updated_at = $4, finished_at = COALESCE($5, finished_at),
         schedule_local = COALESCE($6, schedule_local), timezone = COALESCE($7, timezone),
         scheduled_at = COALESCE($8, scheduled_at), problem = NULL
         WHERE id = $1 AND status = $2",
    )
    .bind(id)
    .bind(from.code())
    .bind(to.code())
    .bind(now)
    .bind(finished)
    .bind(schedule.map(|(schedule, _)| schedule.local()))
    .bind(schedule.map(|(schedule, _)| schedule.timezone.trim().to_owned()))
    .bind(schedule.map(|(_, at)| at))
    .execute(db)
    .await?;
    Ok(moved.rows_affected() > 0)
}

/// A scheduled campaign that could not start goes back to draft, saying why.
pub(crate) async fn give_back(db: &Db, id: &str, problem: &Problem, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE email_campaigns SET status = 'draft', problem = $2, updated_at = $3 WHERE id = $1 AND status = 'scheduled'")
        .bind(id)
        .bind(to_json(problem))
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// Campaigns whose scheduled time has come.
pub(crate) async fn due(db: &Db, now: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM email_campaigns WHERE status = 'scheduled' AND scheduled_at <= $1 ORDER BY scheduled_at",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// What is fixed when a campaign starts.
pub(crate) struct Start<'a> {
    pub category: TemplateCategory,
    pub content: &'a BTreeMap<Lang, TemplateText>,
    pub links: &'a [String],
    pub tracked: bool,
}

/// Starts `id` (from `from`): fixes what is sent and freezes the audience into one row per recipient,
/// in one transaction. `None` when the campaign was no longer in `from`, else the recipients.
pub(crate) async fn start(
    conn: &mut AnyConnection,
    id: &str,
    from: Status,
    start: &Start<'_>,
    audience: &ListAudience<'_>,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE email_campaigns SET status = 'sending', started_at = $3, updated_at = $3, category = $4, content = $5,
         links = $6, tracked = $7, problem = NULL WHERE id = $1 AND status = $2",
    )
    .bind(id)
    .bind(from.code())
    .bind(now)
    .bind(start.category.code())
    .bind(to_json(start.content))
    .bind(to_json(&start.links))
    .bind(i64::from(start.tracked))
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() == 0 {
        return Ok(None);
    }
    let mut filter = Filter::default();
    let select = audience.select(&mut filter, now);
    let campaign = filter.bind(Value::Text(id.to_owned()));
    let queued_at = filter.bind(Value::Int(now));
    let frozen = sqlx::query_with(
        &format!(
            "INSERT INTO campaign_recipients (campaign_id, user_id, email, username, lang, status, next_attempt_at)
             SELECT {campaign}, audience.id, audience.email, audience.username, audience.language, 'queued', {queued_at}
             FROM ({select}) audience"
        ),
        filter.arguments(),
    )
    .execute(&mut *conn)
    .await?
    .rows_affected() as i64;
    sqlx::query("UPDATE email_campaigns SET recipients = $2 WHERE id = $1")
        .bind(id)
        .bind(frozen)
        .execute(&mut *conn)
        .await?;
    Ok(Some(frozen))
}

/// What the sender needs of a campaign under way.
pub(crate) struct Sending {
    pub content: BTreeMap<Lang, TemplateText>,
    pub tracked: bool,
}

pub(crate) async fn sending(db: &Db, id: &str) -> Result<Option<Sending>, sqlx::Error> {
    let row = sqlx::query("SELECT content, tracked FROM email_campaigns WHERE id = $1 AND content IS NOT NULL")
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.map(|row| Ok(Sending { content: json(&row, "content")?, tracked: row.try_get::<i64, _>("tracked")? != 0 }))
        .transpose()
}

/// The tracked link `number` of campaign `id`, read from what was sent.
pub(crate) async fn link(db: &Db, id: &str, number: usize) -> Result<Option<String>, sqlx::Error> {
    Ok(links(db, id).await?.into_iter().nth(number))
}

/// The tracked links of campaign `id` (none before it starts).
pub(crate) async fn links(db: &Db, id: &str) -> Result<Vec<String>, sqlx::Error> {
    let row = sqlx::query("SELECT links FROM email_campaigns WHERE id = $1 AND links IS NOT NULL")
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.map_or(Ok(Vec::new()), |row| json(&row, "links"))
}

/// Campaigns under way, oldest start first (the sender's round).
pub(crate) async fn under_way(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM email_campaigns WHERE status = 'sending' ORDER BY started_at, id")
        .fetch_all(db)
        .await
}

/// Whether a campaign that is scheduled or under way uses the template.
pub(crate) async fn template_in_use(db: &Db, template_id: &str) -> Result<bool, sqlx::Error> {
    let found = sqlx::query(
        "SELECT 1 FROM email_campaigns WHERE template_id = $1 AND status IN ('scheduled', 'sending', 'paused')",
    )
    .bind(template_id)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// `false` when there is no such campaign in a state that may be deleted (its recipients go with it).
pub(crate) async fn delete(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    let deleted = sqlx::query("DELETE FROM email_campaigns WHERE id = $1 AND status IN ('draft', 'sent', 'cancelled')")
        .bind(id)
        .execute(db)
        .await?;
    Ok(deleted.rows_affected() > 0)
}

/// A member's first open of the campaign; `false` when they are not a recipient (their account was
/// deleted since).
pub(crate) async fn record_open(db: &Db, campaign: &str, user_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let found = sqlx::query(
        "UPDATE campaign_recipients SET opened_at = COALESCE(opened_at, $3) WHERE campaign_id = $1 AND user_id = $2",
    )
    .bind(campaign)
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(found.rows_affected() > 0)
}

/// A member's click on link `link`: their first click on the campaign and on that link (an open too).
pub(crate) async fn record_click(
    db: &Db,
    campaign: &str,
    user_id: &str,
    link: usize,
    now: i64,
) -> Result<(), sqlx::Error> {
    if !record_open(db, campaign, user_id, now).await? {
        return Ok(());
    }
    sqlx::query(
        "UPDATE campaign_recipients SET clicked_at = COALESCE(clicked_at, $3) WHERE campaign_id = $1 AND user_id = $2",
    )
    .bind(campaign)
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    sqlx::query(
        "INSERT INTO campaign_clicks (campaign_id, link, user_id, clicked_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (campaign_id, link, user_id) DO NOTHING",
    )
    .bind(campaign)
    .bind(link as i64)
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Recipients still to send, on every instance.
pub(crate) async fn queued_count(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM campaign_recipients WHERE status = 'queued'").fetch_one(db).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_problem_reads_back_with_its_code_and_one_kept_as_english_only_still_reads() {
        let problem =
            Problem::with(ErrorCode::TooLong, "Must be at most 5 characters".to_owned(), [("max", "5".into())]);
        assert_eq!(stored_problem(&to_json(&problem)), problem);
        let before_codes = stored_problem("No member matches the chosen groups and languages");
        assert_eq!(
            (before_codes.code, before_codes.message.as_str()),
            (ErrorCode::CampaignNotStarted, "No member matches the chosen groups and languages")
        );
    }
}
