//! How a failed delivery bears on what comes next: final or worth retrying, and about this one message
//! or about the provider itself (the outbox moves on past the first, stops its round on the second).

/// An HTTP API's refusal, in the provider's own words.
#[derive(Debug, thiserror::Error)]
#[error("the provider answered {status}: {text}")]
pub(super) struct ProviderRefused {
    pub(super) status: reqwest::StatusCode,
    pub(super) text: String,
}

/// Whether a failed delivery is final, so trying again cannot help: an SMTP 5xx answer, an API's 4xx
/// other than "too many requests", or an address that does not parse. Connection trouble, SMTP 4xx and
/// an API's 5xx are temporary.
pub(crate) fn is_permanent(err: &anyhow::Error) -> bool {
    if let Some(smtp) = err.downcast_ref::<lettre::transport::smtp::Error>() {
        return smtp.is_permanent();
    }
    if let Some(refused) = err.downcast_ref::<ProviderRefused>() {
        return refused.status.is_client_error() && refused.status != reqwest::StatusCode::TOO_MANY_REQUESTS;
    }
    err.downcast_ref::<lettre::address::AddressError>().is_some()
}

/// Whether a failed delivery says the provider itself is failing (unreachable, closing, refusing the
/// site's sign-in or key, throttling), so the messages after it would fail alike; otherwise the server
/// answered about this message (its recipient, its content) and the next one can go.
pub(super) fn is_provider_failure(err: &anyhow::Error) -> bool {
    if let Some(smtp) = err.downcast_ref::<lettre::transport::smtp::Error>() {
        // No answer: the connection failed. 421: the server closes the channel; 530, 534, 535, 538: the
        // sign-in is refused.
        return matches!(smtp.status().map(u16::from), None | Some(421 | 530 | 534 | 535 | 538));
    }
    if let Some(refused) = err.downcast_ref::<ProviderRefused>() {
        use reqwest::StatusCode;
        return refused.status.is_server_error()
            || matches!(
                refused.status,
                StatusCode::TOO_MANY_REQUESTS | StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN
            );
    }
    err.downcast_ref::<lettre::address::AddressError>().is_none()
}
