//! The rules of accounts: making one (sign-up, the admin's create and the `create-admin` command all
//! come here), an admin's changes to a user's role, admin state and access, deleting, the groups kept
//! by hand, and the bootstrap admin.

use anyhow::bail;

use super::{
    groups::NOT_BY_HAND,
    password, protect,
    store::{self, CreateUserError, NewAccount, Profile},
    validation,
};
use crate::{
    access::{
        audit::Action,
        permissions::{self, is_staff},
        sessions, Role, UserRecord,
    },
    config::BootstrapAdmin,
    db::Db,
    error::{ApiError, ApiResult, ErrorCode, Text},
    lang::Lang,
    time::now_ms,
};

/// More users than this in one request (an export's selection, a group change) are refused.
pub(crate) const MAX_SELECTION: usize = 1000;
pub(crate) const TOO_MANY_IDS: Text = Text::new(ErrorCode::TooManyIds, "Select at most 1000 users");
const ROLE_CONFLICT: Text = Text::new(ErrorCode::RoleConflict, "The role and the admin state disagree");

#[derive(Debug, thiserror::Error)]
pub(crate) enum AccountRefused {
    #[error("Username already exists")]
    UsernameTaken,
    #[error("Email already exists")]
    EmailTaken,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl From<sqlx::Error> for AccountRefused {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

/// Makes the account with its password hashed; says which of the username and the address is taken
/// (taken between the check and the insert, the unique key cannot tell: the username is named).
pub(crate) async fn create_account(db: &Db, account: NewAccount<'_>, now: i64) -> Result<String, AccountRefused> {
    if store::username_exists(db, account.username).await? {
        return Err(AccountRefused::UsernameTaken);
    }
    if store::email_exists(db, account.email).await? {
        return Err(AccountRefused::EmailTaken);
    }
    let hash = password::hash(account.password.to_owned()).await?;
    match store::create_user(db, account, &hash, now).await {
        Ok(id) => Ok(id),
        Err(CreateUserError::Taken) => Err(AccountRefused::UsernameTaken),
        Err(CreateUserError::Database(err)) => Err(err.into()),
    }
}

/// The role of a new account from the admin's form: `isAdmin` is the same as role `admin`.
pub(crate) fn new_account_role(role: Option<Role>, is_admin: bool) -> ApiResult<Role> {
    match (role.unwrap_or_default(), is_admin) {
        (Role::User | Role::Admin, true) => Ok(Role::Admin),
        (_, true) => Err(ApiError::invalid_field("role", ROLE_CONFLICT)),
        (role, false) => Ok(role),
    }
}

/// What an admin asks to change about a user.
pub(crate) struct UserChange {
    pub role: Option<Role>,
    pub is_admin: Option<bool>,
    pub disabled: Option<bool>,
}

/// Applies an admin's change: staff accounts, roles and the admin state need the admin role; nobody
/// demotes or disables themselves, and the last admin stays one. Disabling ends every session. Gives
/// the audit actions of what changed (none when nothing did).
pub(crate) async fn change_user(
    db: &Db,
    actor: &UserRecord,
    target: &UserRecord,
    change: UserChange,
    now: i64,
) -> ApiResult<Vec<Action>> {
    let mut done = Vec::new();
    if is_staff(target) {
        permissions::require_admin(actor)?;
    }
    if change.role.is_some() || change.is_admin.is_some() {
        permissions::require_admin(actor)?;
        let role = changed_role(target, change.role, change.is_admin)?;
        if role != target.role || (role == Role::Admin) != target.is_admin {
            if target.id == actor.id && role != Role::Admin {
                return Err(ApiError::Forbidden(protect::OWN_ADMIN));
            }
            protect::set_role(db, target, role).await?;
            done.push(if change.role.is_some() { Action::SetRole } else { Action::SetAdmin });
        }
    }
    if let Some(disabled) = change.disabled {
        if disabled && target.id == actor.id {
            return Err(ApiError::Forbidden(protect::OWN_ACCOUNT_DISABLE));
        }
        if disabled != target.disabled_at.is_some() {
            if disabled {
                protect::disable(db, target, now).await?;
                sessions::end_all_for_user(db, &target.id, now).await?;
            } else {
                store::enable(db, &target.id).await?;
            }
            done.push(if disabled { Action::Disable } else { Action::Enable });
        }
    }
    Ok(done)
}

/// The role a change gives: `role` when named (admin sets the flag too), else the flag alone (taking
/// it turns an `admin` role into `user`).
fn changed_role(target: &UserRecord, role: Option<Role>, is_admin: Option<bool>) -> ApiResult<Role> {
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

/// Deletes another user's account (a staff account only by an admin); never the last admin.
pub(crate) async fn delete_user(db: &Db, actor: &UserRecord, target: &UserRecord) -> ApiResult<()> {
    if target.id == actor.id {
        return Err(ApiError::Forbidden(protect::OWN_ACCOUNT_DELETE));
    }
    if is_staff(target) {
        permissions::require_admin(actor)?;
    }
    Ok(protect::delete(db, target).await?)
}

impl From<protect::Refused> for ApiError {
    fn from(refused: protect::Refused) -> Self {
        match refused {
            protect::Refused::LastAdmin(text) => ApiError::Conflict(text),
            protect::Refused::Database(err) => err.into(),
        }
    }
}

/// The stored key of `group` when admins keep it by hand (only `vip`; newsletter membership is the
/// member's own choice), for at most `MAX_SELECTION` users.
pub(crate) fn hand_kept_group(group: &str, users: usize) -> ApiResult<&'static str> {
    if users > MAX_SELECTION {
        return Err(ApiError::BadRequest(TOO_MANY_IDS));
    }
    match group {
        "vip" => Ok("vip"),
        _ => Err(ApiError::Conflict(NOT_BY_HAND)),
    }
}

/// Validates and creates an admin account (the `create-admin` command); the caller chooses the password.
pub async fn create_admin(db: &Db, username: &str, email: &str, plain_password: &str) -> anyhow::Result<String> {
    for check in [validation::username(username), validation::email(email), validation::password(plain_password)] {
        if let Err(text) = check {
            bail!(text.english);
        }
    }
    let account = NewAccount {
        username,
        email,
        password: plain_password,
        role: Role::Admin,
        email_verified: true,
        language: Lang::DEFAULT,
        profile: Profile::default(),
    };
    match create_account(db, account, now_ms()).await {
        Ok(id) => Ok(id),
        Err(AccountRefused::UsernameTaken | AccountRefused::EmailTaken) => bail!("Username or email already exists"),
        Err(AccountRefused::Failed(err)) => Err(err),
    }
}

/// Marks in `app_meta` that the bootstrap admin was made.
const BOOTSTRAPPED: &str = "bootstrap_admin";

/// Creates the bootstrap admin named by `ADMIN_USERNAME` once per database: an account the admins later
/// delete or rename is not brought back (with the password in the environment) by the next restart.
pub(crate) async fn bootstrap(db: &Db, admin: &BootstrapAdmin) -> anyhow::Result<()> {
    if crate::db::claimed(db, BOOTSTRAPPED).await? {
        return Ok(());
    }
    if !store::username_exists(db, &admin.username).await? {
        match create_admin(db, &admin.username, &admin.email, &admin.password).await {
            Ok(_) => tracing::info!(username = %admin.username, "created the bootstrap admin"),
            // Another instance starting at the same moment made it first.
            Err(_) if store::username_exists(db, &admin.username).await? => {}
            Err(err) => return Err(err),
        }
    }
    crate::db::claim_once(&mut *db.acquire().await?, BOOTSTRAPPED, now_ms()).await?;
    Ok(())
}

/// Gives the account `role` (the `set-role` command); the admin role also sets the admin flag, any
/// other role clears it. The last admin keeps theirs.
pub async fn set_role(db: &Db, username: &str, role: &str) -> anyhow::Result<()> {
    let Some(role) = Role::parse(role) else {
        let known: Vec<&str> = Role::ALL.iter().map(|role| role.code()).collect();
        bail!("Unknown role {role}: use one of {}", known.join(", "));
    };
    let Some(user) = store::find_by_login(db, username).await? else { bail!("No user named {username}") };
    protect::set_role(db, &user, role).await.map_err(|err| anyhow::anyhow!("{err}"))
}
