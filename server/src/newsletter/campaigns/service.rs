//! What a campaign's moves check and do beyond the state table: its template must exist and be written
//! in every target language, its audience must not be empty, and at the start what is sent is fixed and
//! the audience frozen.

use std::collections::BTreeMap;

use super::{
    message::{self, SiteValues},
    model::{CampaignDraft, Move, Status, TargetGroup},
    schedule::Schedule,
    settings::SendingSettings,
    store::{self, CampaignRecord, Start},
};
use crate::{
    error::{ApiError, ApiResult, ErrorCode, Text},
    lang::Lang,
    newsletter::templates::{
        model::{TemplateCategory, TemplateText},
        store::{self as templates, TemplateRecord},
    },
    site,
    users::{mailing::ListAudience, Group},
    AppState,
};

pub(crate) const TEMPLATE_MISSING: Text = Text::new(ErrorCode::TemplateMissing, "Choose a template");
pub(crate) const TEMPLATE_LANGUAGES: Text =
    Text::new(ErrorCode::TemplateLanguages, "The template is not written in every chosen language");
pub(crate) const EMPTY_AUDIENCE: Text =
    Text::new(ErrorCode::CampaignAudienceEmpty, "No member matches the chosen groups and languages");
pub(crate) const MOVED_MEANWHILE: Text =
    Text::new(ErrorCode::CampaignMoved, "The campaign changed meanwhile: reload it and try again");
pub(crate) const CAMPAIGN_NOT_FOUND: Text = Text::new(ErrorCode::CampaignNotFound, "Campaign not found");

/// The campaign with its figures and the actions its state allows.
pub(crate) async fn record(state: &AppState, id: &str) -> ApiResult<CampaignRecord> {
    store::records(&state.db, Some(id), None, None).await?.pop().ok_or(ApiError::NotFound(CAMPAIGN_NOT_FOUND))
}

/// Moves campaign `id` by `by` from the state it is in, as the table (`model::MOVES`) allows: every move
/// comes here, the admin's and the sender's. A start fixes what is sent and freezes the audience; a
/// schedule sets `schedule` (as written, and its instant).
pub(crate) async fn move_campaign(
    state: &AppState,
    id: &str,
    by: Move,
    schedule: Option<(&Schedule, i64)>,
) -> ApiResult<()> {
    let status = store::status(&state.db, id).await?.ok_or(ApiError::NotFound(CAMPAIGN_NOT_FOUND))?;
    let to = by.from(status).ok_or(ApiError::Conflict(by.refused()))?;
    if matches!(by, Move::Start | Move::Due) {
        start(state, id, status, &record(state, id).await?.draft).await?;
    } else if !store::move_to(&state.db, id, status, to, schedule, state.clock.now_ms()).await? {
        return Err(ApiError::Conflict(MOVED_MEANWHILE));
    }
    if to == Status::Sending {
        state.campaigns_ready.notify_waiters();
    }
    Ok(())
}

/// The draft's template, which must exist and have every target language.
pub(crate) async fn template(state: &AppState, draft: &CampaignDraft) -> ApiResult<TemplateRecord> {
    let template = templates::records(&state.db, Some(&draft.template_id))
        .await?
        .pop()
        .ok_or_else(|| ApiError::invalid_field("templateId", TEMPLATE_MISSING))?;
    if draft.languages.iter().any(|lang| !template.draft.translations.contains_key(lang)) {
        return Err(ApiError::invalid_field("languages", TEMPLATE_LANGUAGES));
    }
    Ok(template)
}

/// Newsletters and offers go only to members who consented; announcements and welcomes to all.
fn needs_consent(category: TemplateCategory) -> bool {
    matches!(category, TemplateCategory::Promotional | TemplateCategory::Newsletter)
}

/// The user groups of `targets`: none for everyone.
fn user_groups(targets: &[TargetGroup]) -> Vec<Group> {
    if targets.contains(&TargetGroup::All) {
        Vec::new()
    } else {
        targets.iter().filter_map(|target| target.group()).collect()
    }
}

/// How many members a campaign with these targets and a template of `category` would reach now.
pub(crate) async fn audience_count(
    state: &AppState,
    targets: &[TargetGroup],
    languages: &[Lang],
    category: TemplateCategory,
) -> ApiResult<i64> {
    if targets.is_empty() {
        return Ok(0);
    }
    let groups = user_groups(targets);
    let audience = ListAudience { groups: &groups, languages, needs_consent: needs_consent(category) };
    Ok(audience.count(&state.db, state.clock.now_ms()).await?)
}

/// The site's name and address in each language, as the messages show them.
pub(crate) async fn site_values(
    state: &AppState,
    languages: impl IntoIterator<Item = Lang>,
) -> ApiResult<BTreeMap<Lang, SiteValues>> {
    let mut values = BTreeMap::new();
    for lang in languages {
        let site_name = site::name(state).await?;
        values.insert(lang, SiteValues { site_name, site_url: state.config.public_url.clone() });
    }
    Ok(values)
}

/// The campaign's texts: the template's in each target language, under the campaign's subject.
pub(crate) fn content(draft: &CampaignDraft, template: &TemplateRecord) -> BTreeMap<Lang, TemplateText> {
    draft
        .languages
        .iter()
        .filter_map(|lang| {
            let text = template.draft.translations.get(lang)?;
            let subject = draft.subjects.get(lang).cloned().unwrap_or_else(|| text.subject.clone());
            Some((*lang, TemplateText { subject, body: text.body.clone() }))
        })
        .collect()
}

/// Starts campaign `id`, which must be in `from`: fixes its texts and links and freezes its audience.
async fn start(state: &AppState, id: &str, from: Status, draft: &CampaignDraft) -> ApiResult<()> {
    let template = template(state, draft).await?;
    let category = template.draft.category;
    let groups = user_groups(&draft.groups);
    let audience =
        ListAudience { groups: &groups, languages: &draft.languages, needs_consent: needs_consent(category) };
    let now = state.clock.now_ms();
    if audience.count(&state.db, now).await? == 0 {
        return Err(ApiError::BadRequest(EMPTY_AUDIENCE));
    }
    let content = content(draft, &template);
    let tracked = state.settings.get::<SendingSettings>(&state.db).await?.tracking;
    let mut links = Vec::new();
    if tracked {
        message::prepare_all(&content, &site_values(state, draft.languages.iter().copied()).await?, true, &mut links);
    }
    let mut tx = crate::db::begin(&state.db).await?;
    let start = Start { category, content: &content, links: &links, tracked };
    let recipients =
        store::start(&mut tx, id, from, &start, &audience, now).await?.ok_or(ApiError::Conflict(MOVED_MEANWHILE))?;
    tx.commit().await?;
    tracing::info!(campaign = %id, recipients, "campaign started");
    Ok(())
}
