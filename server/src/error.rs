//! One error type for every API failure: it answers `{"error": "<text>", "code": "<code>"}` with a
//! fitting status. `code` is stable and machine-readable (what the client translates); `error` is the
//! English text (the spec's, where it gives one), and `values` the figures or words the text holds.
//! Invalid input adds `fields` (each field's code, text and values); a rate limit adds `retryAfter`.

use std::{collections::BTreeMap, fmt, time::Duration};

use axum::{
    extract::Request,
    http::{header, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Every refusal's machine code, as an answer's `code` and each of its `fields` carry it: the document lists them
/// all, and the web app has a text for each in every language (web/src/app/errorCodes.test.ts holds the two
/// together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    AccountDisabled,
    AccountExists,
    AnalyticsNotOurs,
    AnalyticsOff,
    AnswerNotFound,
    AssistantBusy,
    AuthenticationRequired,
    BadDate,
    BadPage,
    BadPageSize,
    BadRating,
    BadTime,
    BodyTooLarge,
    BotCheckFailed,
    BotCheckMissing,
    BrandHasProducts,
    BrandNotFound,
    CacheNotFound,
    CampaignAudienceEmpty,
    CampaignCannotCancel,
    CampaignCannotSchedule,
    CampaignCannotStart,
    CampaignMoved,
    CampaignNotDraft,
    CampaignNotFound,
    CampaignNotPaused,
    CampaignNotScheduled,
    CampaignNotStarted,
    CampaignNotSending,
    CampaignUnderWay,
    CategoryNotFound,
    ConcurrencyOutOfRange,
    CrashNotFound,
    CurrentPasswordWrong,
    EmailLinkInvalid,
    EmailTaken,
    FamilyNotFound,
    FamilyOfOneMaker,
    Forbidden,
    IdFixed,
    IdTaken,
    ImageNotFound,
    ImageTooLarge,
    InternalError,
    InvalidBirthDate,
    InvalidBody,
    InvalidCodeFormat,
    InvalidCredentials,
    InvalidEmail,
    InvalidFields,
    InvalidGender,
    InvalidLink,
    InvalidPage,
    InvalidPhone,
    InvalidQuery,
    LanguageNotTargeted,
    LastAdminDelete,
    LastAdminDemote,
    LastAdminDisable,
    LocationTooLong,
    MailboxFetchFailed,
    MailboxMessageNotFound,
    MailboxNotConfigured,
    MethodNotAllowed,
    ModelNotFound,
    Negative,
    NoGroup,
    NoImage,
    NoTargetLanguage,
    NoToken,
    NoneChosen,
    NotACloudflareToken,
    NotADnsName,
    NotAFromAddress,
    NotAMeasurementId,
    NotAPrivateKey,
    NotAServerName,
    NotASesRegion,
    NotASlug,
    NotAWebAddress,
    NotAnHttpAddress,
    NotAnImage,
    NotByHand,
    NotFound,
    NotInVocabulary,
    OrphansRule,
    OutOfRange,
    OwnAccountDelete,
    OwnAccountDisable,
    OwnAdmin,
    PasswordCommon,
    PasswordLong,
    PasswordShort,
    PasswordSpecial,
    PasswordsDiffer,
    PastTime,
    PostNotFound,
    PricesReversed,
    PrivateAddress,
    ProductNotFound,
    ProviderFailed,
    QueryTooLong,
    QuestionRequired,
    QuestionTooLong,
    RangeEndsBeforeStart,
    RangeNeedsStart,
    RangeTooLong,
    RateLimited,
    RateOutOfRange,
    RefreshFailed,
    RepeatedTime,
    Required,
    ResendFailed,
    RoleConflict,
    SessionNotFound,
    SkippedTime,
    SlugTaken,
    TemplateInUse,
    TemplateLanguages,
    TemplateMissing,
    TemplateNameTaken,
    TemplateNoLanguage,
    TemplateNotFound,
    TermsRequired,
    TestEmailFailed,
    TimedOut,
    TooLong,
    TooManyChosen,
    TooManyIds,
    TooManyItems,
    Unavailable,
    UnknownGroup,
    UnknownLanguage,
    UnknownRole,
    UnknownTimezone,
    UnknownVariable,
    UnsubscribeLinkInvalid,
    UserNotFound,
    UsernameCharacters,
    UsernameLength,
    UsernameLetter,
    UsernameRequired,
    UsernameTaken,
    VariableUnclosed,
    VerificationFailed,
    VerifyFailed,
    WelcomeOnly,
}

/// A refusal: its machine code and its English text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    pub code: ErrorCode,
    pub english: &'static str,
}

impl Text {
    pub const fn new(code: ErrorCode, english: &'static str) -> Self {
        Self { code, english }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english)
    }
}

/// A refusal with its values: the code, the English text, and what the text holds (a length, a mail
/// server's own words) by name, so that a client words it in its language. A field's answer in `fields`.
/// Kept too where a refusal is told later (a scheduled campaign that could not start).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    pub(crate) code: ErrorCode,
    pub(crate) message: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) values: BTreeMap<String, String>,
}

impl Problem {
    /// A text with values: `message` is the English with the values already in it.
    pub(crate) fn with<const N: usize>(code: ErrorCode, message: String, values: [(&'static str, String); N]) -> Self {
        Self { code, message, values: values.into_iter().map(|(name, value)| (name.to_owned(), value)).collect() }
    }
}

impl From<Text> for Problem {
    fn from(text: Text) -> Self {
        Self { code: text.code, message: text.english.to_owned(), values: BTreeMap::new() }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

pub(crate) const AUTHENTICATION_REQUIRED: Text =
    Text::new(ErrorCode::AuthenticationRequired, "Authentication required");
pub(crate) const TOO_MANY_REQUESTS: &str = "Too many attempts. Please wait and try again.";
const NOT_FOUND: Text = Text::new(ErrorCode::NotFound, "Not found");
const DATABASE_UNAVAILABLE: Text =
    Text::new(ErrorCode::Unavailable, "The site is briefly unavailable. Please try again in a moment.");
const TIMED_OUT: Text = Text::new(ErrorCode::TimedOut, "The request took too long. Please try again.");
/// What a 503 asks the client to wait before trying again: a database restart takes about this long.
const RETRY_AFTER_UNAVAILABLE_SECS: u64 = 5;
const METHOD_NOT_ALLOWED: Text = Text::new(ErrorCode::MethodNotAllowed, "Method not allowed");

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    NotFound(Text),
    #[error("{0}")]
    BadRequest(Text),
    /// A request that does not read (its query or body); the text says why.
    #[error("{message}")]
    Unreadable { code: ErrorCode, message: String },
    /// Input that breaks the rules: the first field's text as `error`, every field's problem in `fields`.
    #[error("{}", first_message(.0))]
    Invalid(BTreeMap<String, Problem>),
    #[error("{0}")]
    Unauthorized(Text),
    /// Not this user's to do (a permission, or a rule such as not deleting one's own account).
    #[error("{0}")]
    Forbidden(Text),
    /// The resource's state refuses it (a brand with products, the last admin).
    #[error("{0}")]
    Conflict(Text),
    /// A unique value (an id, a slug) that another record already has: 409, with the field in `fields`
    /// so a form shows it there.
    #[error("{message}")]
    Taken { field: &'static str, message: Text },
    #[error("{0}")]
    PayloadTooLarge(Text),
    #[error("{0}")]
    UnsupportedMediaType(Text),
    #[error("{TOO_MANY_REQUESTS}")]
    TooManyRequests { retry_after_secs: u64 },
    #[error("{0}")]
    MethodNotAllowed(Text),
    /// This instance cannot answer now (its database is unreachable, or the request ran out of time):
    /// 503 with a `Retry-After`.
    #[error("{0}")]
    Unavailable(Text),
    /// A shared capacity is used up for now (the assistant's hourly ceiling): 503 with when it frees.
    #[error("{text}")]
    Busy { text: Text, retry_after_secs: u64 },
    /// A service this server called (an e-mail provider) failed; the values say how.
    #[error("{0}")]
    BadGateway(Problem),
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// Runs the field rules: `Ok` when every one passes, else `Invalid` with each failing field's problem.
    pub fn check_fields(checks: impl IntoIterator<Item = (&'static str, Result<(), Text>)>) -> ApiResult<()> {
        Self::from_fields(
            checks
                .into_iter()
                .filter_map(|(field, outcome)| outcome.err().map(|text| (field.to_owned(), text.into())))
                .collect(),
        )
    }

    /// One field's input breaks a rule.
    pub fn invalid_field(field: &str, problem: impl Into<Problem>) -> Self {
        Self::Invalid(BTreeMap::from([(field.to_owned(), problem.into())]))
    }

    /// `Ok` when no field failed, else `Invalid`.
    pub fn from_fields(fields: BTreeMap<String, Problem>) -> ApiResult<()> {
        if fields.is_empty() {
            Ok(())
        } else {
            Err(Self::Invalid(fields))
        }
    }
}

/// The text of an invalid answer: its first field's (in field order).
fn first_message(fields: &BTreeMap<String, Problem>) -> &str {
    fields.values().next().map_or("Invalid fields", |problem| problem.message.as_str())
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(err.into())
    }
}

/// Whether a failure is the database being out of reach (down, restarting, or its pool exhausted), which a
/// retry a few seconds later can mend, rather than a fault in the request or the code.
fn database_unreachable(err: &anyhow::Error) -> bool {
    err.chain().filter_map(|cause| cause.downcast_ref::<sqlx::Error>()).any(|err| match err {
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        // PostgreSQL shutting down or starting (57P01–57P03), a lost connection (08…); SQLite busy (5).
        sqlx::Error::Database(db) => {
            db.code().is_some_and(|code| code.starts_with("57P") || code.starts_with("08") || code == "5")
        }
        _ => false,
    })
}

impl ApiError {
    /// The status and the machine code of the answer.
    fn status_and_code(&self) -> (StatusCode, ErrorCode) {
        match self {
            Self::NotFound(text) => (StatusCode::NOT_FOUND, text.code),
            Self::BadRequest(text) => (StatusCode::BAD_REQUEST, text.code),
            Self::Unreadable { code, .. } => (StatusCode::BAD_REQUEST, *code),
            Self::Invalid(_) => (StatusCode::BAD_REQUEST, ErrorCode::InvalidFields),
            Self::Unauthorized(text) => (StatusCode::UNAUTHORIZED, text.code),
            Self::Forbidden(text) => (StatusCode::FORBIDDEN, text.code),
            Self::Conflict(text) => (StatusCode::CONFLICT, text.code),
            Self::Taken { message, .. } => (StatusCode::CONFLICT, message.code),
            Self::PayloadTooLarge(text) => (StatusCode::PAYLOAD_TOO_LARGE, text.code),
            Self::UnsupportedMediaType(text) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, text.code),
            Self::TooManyRequests { .. } => (StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited),
            Self::MethodNotAllowed(text) => (StatusCode::METHOD_NOT_ALLOWED, text.code),
            Self::Unavailable(text) | Self::Busy { text, .. } => (StatusCode::SERVICE_UNAVAILABLE, text.code),
            Self::BadGateway(problem) => (StatusCode::BAD_GATEWAY, problem.code),
            Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::InternalError),
        }
    }
}

/// Every error answer's body (`/api/openapi.json` names it for every error status).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ErrorAnswer {
    /// The English text (the spec's, where it gives one).
    error: String,
    /// Stable and machine-readable: what a client translates.
    code: ErrorCode,
    /// What the text holds, by name (a provider's own words as `reason`), for a client's own wording.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    values: BTreeMap<String, String>,
    /// Invalid input: each failing field's problem, by field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<BTreeMap<String, Problem>>,
    /// Rate-limited or unavailable: seconds until a new attempt may succeed (also the `Retry-After` header).
    #[serde(skip_serializing_if = "Option::is_none")]
    retry_after: Option<u64>,
}

impl ApiError {
    /// The answer's status and body. An internal fault is logged here and told only as "Internal server
    /// error"; a database out of reach is told as briefly unavailable.
    pub(crate) fn answer(self) -> (StatusCode, ErrorAnswer) {
        let this = match self {
            Self::Internal(err) if database_unreachable(&err) => {
                tracing::warn!(error = %format!("{err:#}"), "the database is out of reach");
                Self::Unavailable(DATABASE_UNAVAILABLE)
            }
            other => other,
        };
        let (status, code) = this.status_and_code();
        let mut answer =
            ErrorAnswer { error: this.to_string(), code, values: BTreeMap::new(), fields: None, retry_after: None };
        match this {
            Self::Invalid(fields) => answer.fields = Some(fields),
            Self::Taken { field, message } => {
                answer.fields = Some(BTreeMap::from([(field.to_owned(), message.into())]))
            }
            Self::BadGateway(problem) => answer.values = problem.values,
            Self::TooManyRequests { retry_after_secs } | Self::Busy { retry_after_secs, .. } => {
                answer.retry_after = Some(retry_after_secs);
            }
            Self::Unavailable(_) => answer.retry_after = Some(RETRY_AFTER_UNAVAILABLE_SECS),
            Self::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "request failed");
                answer.error = "Internal server error".to_owned();
            }
            _ => {}
        }
        (status, answer)
    }

    /// What went wrong as one problem, as a client tells it: an invalid answer's first field's, else the
    /// refusal's own.
    pub(crate) fn into_problem(self) -> Problem {
        let (_, answer) = self.answer();
        match answer.fields.and_then(|fields| fields.into_values().next()) {
            Some(first) => first,
            None => Problem { code: answer.code, message: answer.error, values: answer.values },
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, answer) = self.answer();
        // The wait goes in the header too, where clients and proxies look for it.
        let retry_after = answer.retry_after.map(|secs| [(header::RETRY_AFTER, secs.to_string())]);
        (status, retry_after, Json(answer)).into_response()
    }
}

pub(crate) type ApiResult<T> = Result<T, ApiError>;

/// Answers 503 `timed_out` for a request whose answer has not begun within `limit` (a stream that has
/// begun goes on: the assistant's answers).
pub async fn time_limit(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::Unavailable(TIMED_OUT).into_response(),
    }
}

/// Answer for any `/api/...` path that no route serves.
pub(crate) async fn api_not_found() -> ApiError {
    ApiError::NotFound(NOT_FOUND)
}

/// Answer for a known `/api/...` path called with a method it does not take.
pub(crate) async fn api_method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed(METHOD_NOT_ALLOWED)
}
