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
    directory::{self, AdminUser, UsersQuery, MAX_SELECTION},
    groups::{self, NOT_BY_HAND},
    password, protect,
    store::{self, CreateUserError, NewUser, Profile},
    validation,
};
use crate::{
    access::{
        audit::{self, Action, Resource},
        extract::RequirePermission,
        permissions::{self, area, is_staff},
        sessions, Role, UserRecord,
    },
    client_info::ClientInfo,
    csv::{self, Csv},
    error::{ApiError, ApiResult, Text},
    extract::{ApiJson, ApiQuery},
    lang::Lang,
    paging::PageQuery,
    AppState,
};

pub const USER_NOT_FOUND: Text = Text::new("user_not_found", "User not found");
const USERNAME_TAKEN: Text = Text::new("username_taken", "Username already exists");
const EMAIL_TAKEN: Text = Text::new("email_taken", "Email already exists");
const UNKNOWN_ROLE: &str = "Unknown role";
const ROLE_CONFLICT: &str = "The role and the admin state disagree";
const TOO_MANY_IDS: Text = Text::new("too_many_ids", "Select at most 1000 users");

pub fn routes() -> OpenApiRouter<AppState> {
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
pub struct UserPage {
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
pub struct ExportQuery {
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

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateUserRequest {
    /// Starts with a letter.
    #[serde(default)]
    #[schema(required = true, pattern = r"^\s*[^\W\d_]")]
    username: String,
    #[serde(default)]
    #[schema(required = true, format = Email)]
    email: String,
    /// 8–128 characters with a letter, a digit and one of `@!#$%^&*()-+`, not a common password.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    password: String,
    /// The same as `password`.
    #[serde(default)]
    #[schema(required = true)]
    confirm_password: String,
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
    let role = match (body.role.as_deref().map(parse_role).transpose()?.unwrap_or_default(), body.is_admin) {
        (Role::User | Role::Admin, true) => Role::Admin,
        (_, true) => return Err(ApiError::invalid_field("role", ROLE_CONFLICT)),
        (role, false) => role,
    };
    if role != Role::User {
        permissions::require_admin(&signed_in.user)?;
    }
    let profile = body.profile.cleaned();
    let account = validation::account_checks(&body.username, &body.email, &body.password, &body.confirm_password);
    ApiError::check_fields(account.into_iter().chain(profile.checks()))?;
    if store::username_exists(&state.db, &body.username).await? {
        return Err(ApiError::Taken { field: "username", message: USERNAME_TAKEN });
    }
    if store::email_exists(&state.db, &body.email).await? {
        return Err(ApiError::Taken { field: "email", message: EMAIL_TAKEN });
    }
    let hash = password::hash(body.password.clone()).await?;
    let now = state.clock.now_ms();
    let new_user = NewUser {
        username: &body.username,
        email: &body.email,
        password_hash: &hash,
        role,
        email_verified: true,
        language: Lang::from_tag(body.language.as_deref()).code(),
        profile,
    };
    let id = match store::create_user(&state.db, new_user, now).await {
        Ok(id) => id,
        // Taken between the checks and the insert.
        Err(CreateUserError::Taken) => return Err(ApiError::Taken { field: "username", message: USERNAME_TAKEN }),
        Err(CreateUserError::Database(err)) => return Err(err.into()),
    };
    if body.vip {
        groups::add(&state.db, "vip", std::slice::from_ref(&id), now).await?;
    }
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::User, &id).await?;
    Ok((StatusCode::CREATED, Json(found(&state, &id).await?)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateUserRequest {
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
    let actor = &signed_in.user;
    let now = state.clock.now_ms();
    if is_staff(&target) {
        permissions::require_admin(actor)?;
    }
    if body.role.is_some() || body.is_admin.is_some() {
        permissions::require_admin(actor)?;
        let role = new_role(&target, body.role.as_deref().map(parse_role).transpose()?, body.is_admin)?;
        if role != target.role || (role == Role::Admin) != target.is_admin {
            if target.id == actor.id && role != Role::Admin {
                return Err(ApiError::Forbidden(protect::OWN_ADMIN));
            }
            protect::set_role(&state.db, &target, role).await?;
            let action = if body.role.is_some() { Action::SetRole } else { Action::SetAdmin };
            audit::record_change(&state, &client, actor, action, Resource::User, &id).await?;
        }
    }
    if let Some(disabled) = body.disabled {
        if disabled && target.id == actor.id {
            return Err(ApiError::Forbidden(protect::OWN_ACCOUNT_DISABLE));
        }
        if disabled != target.disabled_at.is_some() {
            if disabled {
                protect::disable(&state.db, &target, now).await?;
                sessions::end_all_for_user(&state.db, &id, now).await?;
            } else {
                store::enable(&state.db, &id).await?;
            }
            audit::record_change(
                &state,
                &client,
                actor,
                if disabled { Action::Disable } else { Action::Enable },
                Resource::User,
                &id,
            )
            .await?;
        }
    }
    Ok(Json(found(&state, &id).await?))
}

impl From<protect::Refused> for ApiError {
    fn from(refused: protect::Refused) -> Self {
        match refused {
            protect::Refused::LastAdmin(text) => ApiError::Conflict(text),
            protect::Refused::Database(err) => err.into(),
        }
    }
}

/// The role the request gives: `role` when named (admin sets the flag too), else the flag alone
/// (taking it turns an `admin` role into `user`).
fn new_role(target: &UserRecord, role: Option<Role>, is_admin: Option<bool>) -> ApiResult<Role> {
    match (role, is_admin) {
        (Some(role), Some(is_admin)) if (role == Role::Admin) != is_admin => {
            Err(ApiError::invalid_field("role", ROLE_CONFLICT))
        }
        (Some(role), _) => Ok(role),
        (None, Some(true)) => Ok(Role::Admin),
        (None, Some(false)) if target.role == Role::Admin => Ok(Role::User),
        (None, _) => Ok(target.role),
    }
}

fn parse_role(code: &str) -> ApiResult<Role> {
    Role::parse(code).ok_or_else(|| ApiError::invalid_field("role", UNKNOWN_ROLE))
}

#[derive(Serialize, ToSchema)]
pub struct Deleted {
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
    if target.id == signed_in.user.id {
        return Err(ApiError::Forbidden(protect::OWN_ACCOUNT_DELETE));
    }
    if is_staff(&target) {
        permissions::require_admin(&signed_in.user)?;
    }
    protect::delete(&state.db, &target).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Delete, Resource::User, &id).await?;
    Ok(Json(Deleted { deleted: true }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Members {
    #[schema(min_items = 1, max_items = 1000)]
    user_ids: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Changed {
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
    let key = hand_kept(&group, &body)?;
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
    let key = hand_kept(&group, &body)?;
    let changed = groups::remove(&state.db, key, &body.user_ids).await?;
    for user_id in &body.user_ids {
        audit::record_change(&state, &client, &signed_in.user, Action::RemoveFromGroup, Resource::User, user_id)
            .await?;
    }
    Ok(Json(Changed { changed }))
}

/// The stored key of `group` when admins keep it by hand; newsletter membership is the member's own choice.
fn hand_kept(group: &str, body: &Members) -> ApiResult<&'static str> {
    if body.user_ids.len() > MAX_SELECTION {
        return Err(ApiError::BadRequest(TOO_MANY_IDS));
    }
    match group {
        "vip" => Ok("vip"),
        _ => Err(ApiError::Conflict(NOT_BY_HAND)),
    }
}

async fn found(state: &AppState, id: &str) -> ApiResult<AdminUser> {
    directory::find(&state.db, id, state.clock.now_ms()).await?.ok_or(ApiError::NotFound(USER_NOT_FOUND))
}
