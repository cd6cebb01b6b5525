//! What the audit log records: each action and each kind of resource, with the code stored for it.

macro_rules! codes {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $code:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($variant,)*
        }

        impl $name {
            /// How it is stored and shown in the admin's filters.
            pub fn code(self) -> &'static str {
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
