//! The admin's user calls (spec §7): list, export, create, update (admin state, role, disabled),
//! delete, and VIP membership. Who may do what: the `users` permission for the list and plain
//! accounts; the admin role for roles, admin state and other staff accounts (permissions.rs).

use axum::{
    extract::{Path, State},
    http::StatusCode,
    response::Response,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    directory::{self, AdminUser, UsersQuery},
    groups,
    service::{self, AccountRefused, UserChange, MAX_SELECTION, TOO_MANY_IDS},
    store::{self, NewAccount, Profile},
    validation::AccountFields,
};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::RequirePermission,
        permissions::{self, area},
        Role,
    },
    client_info::ClientInfo,
    csv::{self, Csv},
    error::{ApiError, ApiResult, ErrorCode, Text},
    extract::{ApiJson, ApiQuery},
    lang::Lang,
    paging::PageQuery,
    AppState,
};

pub(crate) const USER_NOT_FOUND: Text = Text::new(ErrorCode::UserNotFound, "User not found");
const USERNAME_TAKEN: Text = Text::new(ErrorCode::UsernameTaken, "Username already exists");
const EMAIL_TAKEN: Text = Text::new(ErrorCode::EmailTaken, "Email already exists");
const UNKNOWN_ROLE: Text = Text::new(ErrorCode::UnknownRole, "Unknown role");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(export))
        .routes(routes!(create))
        .routes(routes!(update))
        .routes(routes!(remove))
        .routes(routes!(add_members, remove_members))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UserPage {
    users: Vec<AdminUser>,
    /// Users matching the search and group, on every page.
    total: i64,
    page: i64,
    page_size: i64,
}

/// One page of users, searched, filtered by group and sorted on the server.
#[utoipa::path(get, path = "/api/users/list", tag = "admin", security(("bearer" = [])), params(UsersQuery, PageQuery),
    responses((status = 200, body = UserPage), (status = 400, description = "Unknown group or page size"),
        (status = 401, description = "Authentication required"), (status = 403)))]
async fn list(
    State(state): State<AppState>,
    _: RequirePermission<area::Users>,
    ApiQuery(query): ApiQuery<UsersQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Json<UserPage>> {
    let paging = page.paging(10)?;
    let found = directory::page(&state.db, &query, paging, state.clock.now_ms()).await?;
    Ok(Json(UserPage { users: found.users, total: found.total, page: paging.page, page_size: paging.size }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ExportQuery {
    /// Comma-separated ids: export just these (the table's selection), at most 1000.
    ids: Option<String>,
}

/// The users of the search and group (every page), or the selected ones, as CSV with a BOM.
#[utoipa::path(get, path = "/api/users/export", tag = "admin", security(("bearer" = [])), params(UsersQuery, ExportQuery),
    responses((status = 200, content_type = "text/csv", description = "users.csv"), (status = 400), (status = 401), (status = 403)))]
async fn export(
    State(state): State<AppState>,
    _: RequirePermission<area::Users>,
    ApiQuery(query): ApiQuery<UsersQuery>,
    ApiQuery(selection): ApiQuery<ExportQuery>,
) -> ApiResult<Response> {
    let ids: Option<Vec<String>> =
        selection.ids.map(|ids| ids.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned).collect());
    if ids.as_ref().is_some_and(|ids| ids.len() > MAX_SELECTION) {
        return Err(ApiError::BadRequest(TOO_MANY_IDS));
    }
    let users = directory::all(&state.db, &query, ids.as_deref(), state.clock.now_ms()).await?;
    let mut csv =
        Csv::new(&["Username", "Email", "Role", "Admin", "Groups", "Location", "Created", "Last login", "Disabled"]);
    for user in &users {
        let groups: Vec<String> = user
            .groups
            .iter()
            .map(|g| serde_json::to_value(g).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default())
            .collect();
        let last_login = user.last_login_at.map(csv::timestamp).unwrap_or_default();
        csv.row([
            user.username.as_str(),
            &user.email,
            user.role.code(),
            yes_no(user.is_admin),
            &groups.join(" "),
            user.location.as_deref().unwrap_or_default(),
            &csv::timestamp(user.created_at),
            &last_login,
            yes_no(user.disabled),
        ]);
    }
    Ok(csv.into_download("users.csv"))
}

fn yes_no(value: bool) -> &'static str {
    if value {
        "yes"
    } else {
        "no"
    }
}

/// A new account, as the admin's new-user form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CreateUserRequest {
    #[serde(flatten)]
    account: AccountFields,
    #[serde(flatten)]
    profile: Profile,
    /// user (the default), moderator, editor or admin.
    #[schema(value_type = Option<Role>)]
    role: Option<String>,
    /// The same as role `admin`.
    #[serde(default)]
    is_admin: bool,
    /// Put the new user in the VIP group.
    #[serde(default)]
    vip: bool,
    /// The language of the user's e-mails, as at sign-up (he by default).
    language: Option<String>,
}

/// Creates an account with a verified address. Staff accounts (any role but user) need the admin role.
#[utoipa::path(post, path = "/api/users/create", tag = "admin", security(("bearer" = [])), request_body = CreateUserRequest,
    responses((status = 201, body = AdminUser), (status = 400, description = "Invalid fields, with `fields`"),
        (status = 403), (status = 409, description = "Username already exists / Email already exists, in `fields`")))]
async fn create(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Users>,
    client: ClientInfo,
    ApiJson(body): ApiJson<CreateUserRequest>,
) -> ApiResult<(StatusCode, Json<AdminUser>)> {
    let role = service::new_account_role(body.role.as_deref().map(parse_role).transpose()?, body.is_admin)?;
    if role != Role::User {
        permissions::require_admin(&signed_in.user)?;
    }
    let profile = body.profile.cleaned();
    let account = body.account.checks();
    ApiError::check_fields(account.chain(profile.checks()))?;
    let now = state.clock.now_ms();
    let account = NewAccount {
        username: &body.account.username,
        email: &body.account.email,
        password: &body.account.password.password,
        role,
        email_verified: true,
        language: Lang::from_tag(body.language.as_deref()),
        profile,
    };
    let id = match service::create_account(&state.db, account, now).await {
        Ok(id) => id,
        Err(AccountRefused::UsernameTaken) => {
            return Err(ApiError::Taken { field: "username", message: USERNAME_TAKEN })
        }
        Err(AccountRefused::EmailTaken) => return Err(ApiError::Taken { field: "email", message: EMAIL_TAKEN }),
        Err(AccountRefused::Failed(err)) => return Err(err.into()),
    };
    if body.vip {
        groups::add(&state.db, "vip", std::slice::from_ref(&id), now).await?;
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::User, &id).await?;
    Ok((StatusCode::CREATED, Json(found(&state, &id).await?)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct UpdateUserRequest {
    /// Gives (true) or takes (false) the admin role.
    is_admin: Option<bool>,
    /// user, moderator, editor or admin.
    #[schema(value_type = Option<Role>)]
    role: Option<String>,
    /// Disabling refuses sign-in and ends every session at once.
    disabled: Option<bool>,
}

/// Changes a user's admin state, role or disabled state.
#[utoipa::path(patch, path = "/api/users/update/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = UpdateUserRequest,
    responses((status = 200, body = AdminUser),
        (status = 400, description = "Invalid fields, with `fields`"),
        (status = 403, description = "You cannot remove your own admin access / You cannot disable your own account, or no permission"),
        (status = 404, description = "User not found"), (status = 409, description = "The last admin cannot be demoted / disabled")))]
async fn update(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Users>,
    client: ClientInfo,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdateUserRequest>,
) -> ApiResult<Json<AdminUser>> {
    let target = store::find_by_id(&state.db, &id).await?.ok_or(ApiError::NotFound(USER_NOT_FOUND))?;
    let change = UserChange {
        role: body.role.as_deref().map(parse_role).transpose()?,
        is_admin: body.is_admin,
        disabled: body.disabled,
    };
    let done = service::change_user(&state.db, &signed_in.user, &target, change, state.clock.now_ms()).await?;
    for action in done {
        audit::record_change(&state, &client, &signed_in.user, action, Resource::User, &id).await?;
    }
    Ok(Json(found(&state, &id).await?))
}

fn parse_role(code: &str) -> ApiResult<Role> {
    Role::parse(code).ok_or_else(|| ApiError::invalid_field("role", UNKNOWN_ROLE))
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Deleted {
    deleted: bool,
}

/// Deletes the account with its sessions, codes and group memberships; the audit log keeps its name.
#[utoipa::path(delete, path = "/api/users/delete/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Deleted), (status = 403, description = "You cannot delete your own account, or no permission"),
        (status = 404, description = "User not found"), (status = 409, description = "The last admin cannot be deleted")))]
async fn remove(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Users>,
    client: ClientInfo,
    Path(id): Path<String>,
) -> ApiResult<Json<Deleted>> {
    let target = store::find_by_id(&state.db, &id).await?.ok_or(ApiError::NotFound(USER_NOT_FOUND))?;
    service::delete_user(&state.db, &signed_in.user, &target).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::User, &id).await?;
    Ok(Json(Deleted { deleted: true }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Members {
    #[schema(min_items = 1, max_items = 1000)]
    user_ids: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Changed {
    /// Users who joined or left (members already in, or already out, do not count).
    changed: u64,
}

/// Puts users in a group kept by hand (only `vip`).
#[utoipa::path(post, path = "/api/users/groups/{group}/members", tag = "admin", security(("bearer" = [])),
    params(("group" = String, Path, description = "vip")), request_body = Members,
    responses((status = 200, body = Changed), (status = 400, description = "Select at most 1000 users"), (status = 403), (status = 409, description = "This group cannot be changed by hand")))]
async fn add_members(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Users>,
    client: ClientInfo,
    Path(group): Path<String>,
    ApiJson(body): ApiJson<Members>,
) -> ApiResult<Json<Changed>> {
    let key = service::hand_kept_group(&group, body.user_ids.len())?;
    let changed = groups::add(&state.db, key, &body.user_ids, state.clock.now_ms()).await?;
    for user_id in &body.user_ids {
        audit::record_change(&state, &client, &signed_in.user, Action::AddToGroup, Resource::User, user_id).await?;
    }
    Ok(Json(Changed { changed }))
}

/// Takes users out of a group kept by hand (only `vip`).
#[utoipa::path(delete, path = "/api/users/groups/{group}/members", tag = "admin", security(("bearer" = [])),
    params(("group" = String, Path, description = "vip")), request_body = Members,
    responses((status = 200, body = Changed), (status = 400, description = "Select at most 1000 users"), (status = 403), (status = 409, description = "This group cannot be changed by hand")))]
async fn remove_members(
    State(state): State<AppState>,
    signed_in: RequirePermission<area::Users>,
    client: ClientInfo,
    Path(group): Path<String>,
    ApiJson(body): ApiJson<Members>,
) -> ApiResult<Json<Changed>> {
    let key = service::hand_kept_group(&group, body.user_ids.len())?;
    let changed = groups::remove(&state.db, key, &body.user_ids).await?;
    for user_id in &body.user_ids {
        audit::record_change(&state, &client, &signed_in.user, Action::RemoveFromGroup, Resource::User, user_id)
            .await?;
    }
    Ok(Json(Changed { changed }))
}

async fn found(state: &AppState, id: &str) -> ApiResult<AdminUser> {
    directory::find(&state.db, id, state.clock.now_ms()).await?.ok_or(ApiError::NotFound(USER_NOT_FOUND))
}
