//! The audit log's rows as every feature writes them: who did what to which resource, from where (spec §3
//! "Audit log entry"), each action and kind of resource with the code stored for it. The admin's table,
//! export and retention are the audit feature's (audit/).

use super::UserRecord;
use crate::{client_info::ClientInfo, db::Db, AppState};

macro_rules! codes {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $code:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum $name {
            $($variant,)*
        }

        impl $name {
            /// How it is stored and shown in the admin's filters.
            pub(crate) fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)*
                }
            }
        }
    };
}

codes!(
    /// Something done, by a visitor, a member or an admin.
    Action {
        Signup = "signup",
        LoginSuccess = "login_success",
        LoginFailure = "login_failure",
        CodeFailure = "code_failure",
        Logout = "logout",
        PasswordResetRequest = "password_reset_request",
        PasswordReset = "password_reset",
        PasswordChange = "password_change",
        SessionEnd = "session_end",
        Revoke = "revoke",
        RevokeAll = "revoke_all",
        RevokeOthers = "revoke_others",
        Create = "create",
        Update = "update",
        Delete = "delete",
        SetRole = "set_role",
        SetAdmin = "set_admin",
        Disable = "disable",
        Enable = "enable",
        AddToGroup = "add_to_group",
        RemoveFromGroup = "remove_from_group",
        SendTestEmail = "send_test_email",
        Unsubscribe = "unsubscribe",
        Schedule = "schedule",
        Unschedule = "unschedule",
        StartSending = "start_sending",
        Pause = "pause",
        Resume = "resume",
        Cancel = "cancel",
        ClearCache = "clear_cache",
        TestConnection = "test_connection",
        Export = "export",
        Resolve = "resolve",
        Ignore = "ignore",
        Reopen = "reopen",
        LiftSuppression = "lift_suppression",
    }
);

codes!(
    /// What an action was done to.
    Resource {
        Account = "account",
        User = "user",
        Session = "session",
        UserSessions = "user_sessions",
        Brand = "brand",
        Product = "product",
        ModelFamily = "model_family",
        BlogPost = "blog_post",
        BlogCategory = "blog_category",
        Upload = "upload",
        VerificationCode = "verification_code",
        Settings = "settings",
        Cache = "cache",
        EmailTemplate = "email_template",
        EmailCampaign = "email_campaign",
        MailboxMessage = "mailbox_message",
        Analytics = "analytics",
        CrashReport = "crash_report",
    }
);

/// The account an event concerns, when there is one.
pub(crate) struct Actor<'a> {
    pub user_id: &'a str,
    pub username: &'a str,
}

impl<'a> From<&'a UserRecord> for Actor<'a> {
    fn from(user: &'a UserRecord) -> Self {
        Actor { user_id: &user.id, username: &user.username }
    }
}

pub(crate) struct Event<'a> {
    pub action: Action,
    pub resource_type: Resource,
    pub resource_id: Option<&'a str>,
    pub actor: Option<Actor<'a>>,
}

pub(crate) async fn record(state: &AppState, client: &ClientInfo, event: Event<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (id, created_at, user_id, username, action, resource_type, resource_id, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(state.clock.now_ms())
    .bind(event.actor.as_ref().map(|a| a.user_id.to_owned()))
    .bind(event.actor.as_ref().map(|a| a.username.to_owned()))
    .bind(event.action.code())
    .bind(event.resource_type.code())
    .bind(event.resource_id.map(str::to_owned))
    .bind(&client.ip)
    .bind(&client.user_agent)
    .execute(&state.db)
    .await?;
    Ok(())
}

/// An admin's create, update or delete of one resource.
pub(crate) async fn record_change(
    state: &AppState,
    client: &ClientInfo,
    user: &UserRecord,
    action: Action,
    resource_type: Resource,
    resource_id: &str,
) -> Result<(), sqlx::Error> {
    let event = Event { action, resource_type, resource_id: Some(resource_id), actor: Some(user.into()) };
    record(state, client, event).await
}

/// Deletes the entries written before `until`; gives how many.
pub(crate) async fn forget_before(db: &Db, until: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM audit_log WHERE created_at < $1").bind(until).execute(db).await?.rows_affected())
}
