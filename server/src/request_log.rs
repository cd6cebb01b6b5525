//! Each request's line in the log. What a client sends is bounded before it is written: the method
//! comes from a closed set and the path is cut short; the query is left out, since it can hold tokens
//! (an unsubscribe link's, an e-mail's open and click links', which never expire).

use axum::{body::Body, http::Request};
use tracing::Span;

use crate::{metrics::method_label, text::cut};

/// How much of a request's path the log keeps.
const MAX_LOGGED_PATH: usize = 200;

/// The request's span: its method and path, which its answer's line carries too.
pub(crate) fn span(request: &Request<Body>) -> Span {
    tracing::info_span!(
        "request",
        method = method_label(request.method()),
        path = cut(request.uri().path(), MAX_LOGGED_PATH),
    )
}
