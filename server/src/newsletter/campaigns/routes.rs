//! The admin's campaign calls (permission: email): list, create, edit and delete drafts, the live
//! audience count, a test message, the moves of the state table, and the campaign's figures; the sending
//! setting (permission: settings); and the members' opens and clicks.

use axum::{
    extract::{Path, State},
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    message::{self, RecipientValues},
    model::{CampaignDraft, Move, Status, TargetGroup, DELETE_REFUSED, EDIT_DRAFT_ONLY},
    report::{self, CampaignReport},
    schedule::Schedule,
    service::{self, record, CAMPAIGN_NOT_FOUND, MOVED_MEANWHILE},
    settings::SendingSettings,
    store::{self, CampaignRecord, Save},
    tracking,
};
use crate::{
    access::audit::{self, Action, Resource},
    access::{extract::RequirePermission, permissions::area},
    client_info::ClientInfo,
    email::{self, test_address, test_answer, TestSent},
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::{ApiJson, ApiQuery},
    lang::Lang,
    newsletter::{
        links::TokenQuery,
        templates::{model::TemplateCategory, store as templates},
    },
    settings, AppState,
};

/// The smallest transparent GIF.
const PIXEL: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(audience))
        .routes(routes!(send_test))
        .routes(routes!(schedule))
        .routes(routes!(unschedule))
        .routes(routes!(send_now))
        .routes(routes!(pause))
        .routes(routes!(resume))
        .routes(routes!(cancel))
        .routes(routes!(campaign_report))
        .routes(routes!(read_sending, save_sending))
        .routes(routes!(open))
        .routes(routes!(click))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CampaignQuery {
    status: Option<Status>,
    /// Part of the name, any case.
    search: Option<String>,
}

/// Every campaign, newest first, with its status and performance.
#[utoipa::path(get, path = "/api/admin/email/campaigns", tag = "admin", security(("bearer" = [])), params(CampaignQuery),
    responses((status = 200, body = [CampaignRecord]), (status = 400, description = "The query does not read"), (status = 401), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
    ApiQuery(query): ApiQuery<CampaignQuery>,
) -> ApiResult<Json<Vec<CampaignRecord>>> {
    Ok(Json(store::records(&state.db, None, query.status, query.search.as_deref()).await?))
}

#[utoipa::path(get, path = "/api/admin/email/campaigns/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = CampaignRecord), (status = 401), (status = 403), (status = 404, description = "Campaign not found")))]
async fn get_one(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
    Path(id): Path<String>,
) -> ApiResult<Json<CampaignRecord>> {
    Ok(Json(record(&state, &id).await?))
}

/// Checks a draft's fields and its template.
async fn checked(state: &AppState, mut draft: CampaignDraft) -> ApiResult<CampaignDraft> {
    draft.tidy_and_check()?;
    service::template(state, &draft).await?;
    Ok(draft)
}

/// A new draft.
#[utoipa::path(post, path = "/api/admin/email/campaigns", tag = "admin", security(("bearer" = [])), request_body = CampaignDraft,
    responses((status = 201, body = CampaignRecord), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn create(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    ApiJson(draft): ApiJson<CampaignDraft>,
) -> ApiResult<(StatusCode, Json<CampaignRecord>)> {
    let draft = checked(&state, draft).await?;
    let id = uuid::Uuid::new_v4().to_string();
    store::save(&state.db, &id, &draft, state.clock.now_ms(), Save::Create).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::EmailCampaign, &id).await?;
    Ok((StatusCode::CREATED, Json(record(&state, &id).await?)))
}

#[utoipa::path(put, path = "/api/admin/email/campaigns/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = CampaignDraft, responses((status = 200, body = CampaignRecord), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 403), (status = 404, description = "Campaign not found"),
        (status = 409, description = "Only a draft can be edited: unschedule the campaign first")))]
async fn update(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(draft): ApiJson<CampaignDraft>,
) -> ApiResult<Json<CampaignRecord>> {
    let status = store::status(&state.db, &id).await?.ok_or(ApiError::NotFound(CAMPAIGN_NOT_FOUND))?;
    if !status.editable() {
        return Err(ApiError::Conflict(EDIT_DRAFT_ONLY));
    }
    let draft = checked(&state, draft).await?;
    if !store::save(&state.db, &id, &draft, state.clock.now_ms(), Save::ReplaceDraft).await? {
        return Err(ApiError::Conflict(MOVED_MEANWHILE));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Update, Resource::EmailCampaign, &id).await?;
    Ok(Json(record(&state, &id).await?))
}

/// Deletes a draft, sent or cancelled campaign with its figures.
#[utoipa::path(delete, path = "/api/admin/email/campaigns/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 204), (status = 401), (status = 403), (status = 404, description = "Campaign not found"),
        (status = 409, description = "A scheduled, sending or paused campaign cannot be deleted: cancel it first")))]
async fn delete(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let status = store::status(&state.db, &id).await?.ok_or(ApiError::NotFound(CAMPAIGN_NOT_FOUND))?;
    if !status.deletable() {
        return Err(ApiError::Conflict(DELETE_REFUSED));
    }
    if !store::delete(&state.db, &id).await? {
        return Err(ApiError::Conflict(MOVED_MEANWHILE));
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::EmailCampaign, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The editor's choice so far.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct AudienceRequest {
    /// Decides whether consent is needed (newsletters and offers); none counts as needing it.
    template_id: Option<String>,
    groups: Vec<TargetGroup>,
    languages: Vec<Lang>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct AudienceCount {
    /// Members the campaign would reach if it started now.
    count: i64,
}

/// How many members a campaign would reach now: verified, not unsubscribed or bounced, in the groups
/// and languages, and with consent for newsletters and offers.
#[utoipa::path(post, path = "/api/admin/email/campaigns/audience", tag = "admin", security(("bearer" = [])), request_body = AudienceRequest,
    responses((status = 200, body = AudienceCount), (status = 400, description = "The body does not read"), (status = 401), (status = 403)))]
async fn audience(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
    ApiJson(request): ApiJson<AudienceRequest>,
) -> ApiResult<Json<AudienceCount>> {
    let category = match request.template_id.as_deref() {
        Some(id) => templates::records(&state.db, Some(id)).await?.pop().map(|template| template.draft.category),
        None => None,
    };
    let category = category.unwrap_or(TemplateCategory::Newsletter);
    let count = service::audience_count(&state, &request.groups, &request.languages, category).await?;
    Ok(Json(AudienceCount { count }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignTestRequest {
    #[schema(format = Email)]
    to: String,
    /// One of the campaign's languages.
    lang: Lang,
}

pub(crate) const LANGUAGE_NOT_TARGETED: Text =
    Text::new(ErrorCode::LanguageNotTargeted, "The campaign is not sent in this language");

/// Sends the campaign's message in `lang` as it stands, with the admin's name, to `to` at once.
#[utoipa::path(post, path = "/api/admin/email/campaigns/{id}/test", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = CampaignTestRequest, responses((status = 200, body = TestSent), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 401), (status = 403), (status = 404, description = "Campaign not found"),
        (status = 429, description = "Too many attempts. Please wait and try again."),
        (status = 502, description = "The test e-mail could not be sent: <the provider's reason>")))]
async fn send_test(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(request): ApiJson<CampaignTestRequest>,
) -> ApiResult<Json<TestSent>> {
    let to = test_address(&state, &signed_in.user, &request.to).await?;
    let campaign = record(&state, &id).await?;
    if !campaign.draft.languages.contains(&request.lang) {
        return Err(ApiError::invalid_field("lang", LANGUAGE_NOT_TARGETED));
    }
    let template = service::template(&state, &campaign.draft).await?;
    let content = service::content(&campaign.draft, &template);
    let site = service::site_values(&state, [request.lang]).await?;
    let prepared = message::prepare_all(&content, &site, false, &mut Vec::new());
    let unsubscribe_url = format!("{}/unsubscribe", state.config.public_url);
    let no_link = |_: usize| String::new();
    let values = RecipientValues {
        username: &signed_in.user.username,
        unsubscribe_url: &unsubscribe_url,
        open_url: None,
        click_url: &no_link,
    };
    let message = prepared.get(&request.lang).map(|prepared| prepared.fill(&values));
    let message = message.ok_or_else(|| ApiError::invalid_field("lang", LANGUAGE_NOT_TARGETED))?;
    let outcome = email::send_rendered_now(&state, to, message).await;
    test_answer(&state, &client, &signed_in.user, (Resource::EmailCampaign, &id), outcome).await
}

/// A move's call: makes it, audits it, answers the campaign as it now is.
async fn moved(
    state: &AppState,
    signed_in: &RequirePermission<area::Email>,
    client: &ClientInfo,
    id: &str,
    by: Move,
    action: Action,
) -> ApiResult<Json<CampaignRecord>> {
    service::move_campaign(state, id, by, None).await?;
    audit::record_change(state, client, &signed_in.user, action, Resource::EmailCampaign, id).await?;
    Ok(Json(record(state, id).await?))
}

/// Schedules a draft (or moves a scheduled campaign's time). The template and audience are checked now
/// and again at the start.
#[utoipa::path(post, path = "/api/admin/email/campaigns/{id}/schedule", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = Schedule, responses((status = 200, body = CampaignRecord),
        (status = 400, description = "Invalid fields, with `fields`: a bad date, time or timezone, a time the clocks skip or repeat, a past time; or the audience is empty"),
        (status = 401), (status = 403), (status = 404, description = "Campaign not found"), (status = 409, description = "The campaign's state does not allow it")))]
async fn schedule(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Email>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(schedule): ApiJson<Schedule>,
) -> ApiResult<Json<CampaignRecord>> {
    let campaign = record(&state, &id).await?;
    let at = schedule.instant(state.clock.now_ms())?;
    if Move::Schedule.from(campaign.status).is_none() {
        return Err(ApiError::Conflict(Move::Schedule.refused()));
    }
    let template = service::template(&state, &campaign.draft).await?;
    let draft = &campaign.draft;
    if service::audience_count(&state, &draft.groups, &draft.languages, template.draft.category).await? == 0 {
        return Err(ApiError::BadRequest(service::EMPTY_AUDIENCE));
    }
    service::move_campaign(&state, &id, Move::Schedule, Some((&schedule, at))).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Schedule, Resource::EmailCampaign, &id).await?;
    Ok(Json(record(&state, &id).await?))
}

macro_rules! move_call {
    ($name:ident, $path:literal, $by:expr, $action:expr, $doc:literal) => {
        #[doc = $doc]
        #[utoipa::path(post, path = $path, tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
            responses((status = 200, body = CampaignRecord),
                (status = 400, description = "Starting only: the template lacks a target language, or the audience is empty"),
                (status = 401), (status = 403), (status = 404, description = "Campaign not found"),
                (status = 409, description = "The campaign's state does not allow it")))]
        async fn $name(
            State(state): State<AppState>,
            signed_in: RequirePermission<area::Email>,
            client: ClientInfo,
            Path(id): Path<String>,
        ) -> ApiResult<Json<CampaignRecord>> {
            moved(&state, &signed_in, &client, &id, $by, $action).await
        }
    };
}

move_call!(
    unschedule,
    "/api/admin/email/campaigns/{id}/unschedule",
    Move::Unschedule,
    Action::Unschedule,
    "Back to draft: the campaign will not start by itself."
);
move_call!(
    send_now,
    "/api/admin/email/campaigns/{id}/send",
    Move::Start,
    Action::StartSending,
    "Starts sending now: the audience is frozen and the sender begins."
);
move_call!(
    pause,
    "/api/admin/email/campaigns/{id}/pause",
    Move::Pause,
    Action::Pause,
    "Stops sending after the messages in flight; nothing is lost."
);
move_call!(
    resume,
    "/api/admin/email/campaigns/{id}/resume",
    Move::Resume,
    Action::Resume,
    "Goes on sending to the recipients not yet mailed."
);
move_call!(
    cancel,
    "/api/admin/email/campaigns/{id}/cancel",
    Move::Cancel,
    Action::Cancel,
    "Stops for good: the recipients not yet mailed never are."
);

/// The campaign page's figures: progress, opens and clicks over time, per-link clicks, failures.
#[utoipa::path(get, path = "/api/admin/email/campaigns/{id}/report", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = CampaignReport), (status = 401), (status = 403), (status = 404, description = "Campaign not found")))]
async fn campaign_report(
    State(state): State<AppState>,
    _: RequirePermission<area::Email>,
    Path(id): Path<String>,
) -> ApiResult<Json<CampaignReport>> {
    let campaign = record(&state, &id).await?;
    Ok(Json(report::report(&state.db, &id, campaign.performance.queued, state.clock.now_ms()).await?))
}

#[utoipa::path(get, path = "/api/admin/settings/campaign-sending", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = SendingSettings), (status = 401), (status = 403)))]
async fn read_sending(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
) -> ApiResult<Json<SendingSettings>> {
    settings::read(&state, &signed_in).await
}

#[utoipa::path(put, path = "/api/admin/settings/campaign-sending", tag = "admin", security(("bearer" = [])), request_body = SendingSettings,
    responses((status = 200, body = SendingSettings), (status = 400, description = "Invalid fields, with `fields`"), (status = 401), (status = 403)))]
async fn save_sending(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Settings>,
    client: ClientInfo,
    ApiJson(value): ApiJson<SendingSettings>,
) -> ApiResult<Json<SendingSettings>> {
    settings::save(&state, &signed_in, &client, value).await
}

/// The open pixel: records the member's first open of the campaign.
#[utoipa::path(get, path = "/api/email/open", tag = "email", params(TokenQuery),
    responses((status = 200, description = "A 1×1 transparent GIF", content_type = "image/gif"),
        (status = 404, description = "This link is not valid")))]
async fn open(State(state): State<AppState>, ApiQuery(query): ApiQuery<TokenQuery>) -> ApiResult<Response> {
    tracking::open(&state, &query.token).await?;
    Ok(([(header::CONTENT_TYPE, "image/gif"), (header::CACHE_CONTROL, "no-store")], PIXEL).into_response())
}

/// A tracked link: records the click and sends the member on to the link as the campaign has it.
#[utoipa::path(get, path = "/api/email/click", tag = "email", params(TokenQuery),
    responses((status = 302, description = "To the link in the campaign"), (status = 404, description = "This link is not valid")))]
async fn click(State(state): State<AppState>, ApiQuery(query): ApiQuery<TokenQuery>) -> ApiResult<Response> {
    let target = tracking::click(&state, &query.token).await?;
    Ok((StatusCode::FOUND, [(header::LOCATION, target)]).into_response())
}
