//! The answers of the sign-in steps.

use serde::Serialize;
use utoipa::ToSchema;

use crate::users::PublicUser;

/// A code is on its way: the next step sends it with `challengeId` to `/api/auth/verify-code`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CodeStep {
    /// Set after sign-up (and at login to an account whose e-mail is not verified yet).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub requires_verification: bool,
    /// Set after a right username and password.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub requires_two_factor: bool,
    pub challenge_id: String,
    pub message: &'static str,
    /// Seconds before another code can be asked for.
    pub resend_after: i64,
    /// Set while e-mail delivery is behind (a message waits for a retry): the code is queued and arrives
    /// once the mail server takes it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub mail_delayed: bool,
}

#[derive(Serialize, ToSchema)]
pub(crate) struct SignedInAnswer {
    pub token: String,
    pub user: PublicUser,
}

#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub(crate) enum SignupAnswer {
    CodeSent(CodeStep),
    SignedIn(SignedInAnswer),
}
