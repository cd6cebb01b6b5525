//! Who is signed in: `SignedIn` answers 401 "Authentication required" without a live session;
//! `RequirePermission<P>` also answers 403 without the permission.

use std::{marker::PhantomData, ops::Deref};

use axum::{
    extract::{FromRef, FromRequestParts},
    http::{header, request::Parts, HeaderMap},
};

use super::{
    permissions::{self, Area},
    sessions, UserRecord,
};
use crate::{
    error::{ApiError, AUTHENTICATION_REQUIRED},
    AppState,
};

pub(crate) struct SignedIn {
    pub user: UserRecord,
    /// The session the request's token belongs to.
    pub session_id: String,
}

/// The bearer token of the request, if it has one.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

impl<S: Send + Sync> FromRequestParts<S> for SignedIn
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        MaybeSignedIn::from_request_parts(parts, state).await?.0.ok_or(ApiError::Unauthorized(AUTHENTICATION_REQUIRED))
    }
}

/// The signed-in user when the request carries a live session's token; a visitor otherwise (a missing,
/// expired or revoked token is not an error here).
pub(crate) struct MaybeSignedIn(pub Option<SignedIn>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeSignedIn
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let Some(token) = bearer(&parts.headers) else { return Ok(Self(None)) };
        let live = sessions::check(&state, token).await?;
        Ok(Self(live.map(|live| SignedIn { user: live.user, session_id: live.claims.sid })))
    }
}

/// A signed-in user who holds the permission `P` (`permissions::area::…`): 401 without a session,
/// 403 without the permission. Reads as the `SignedIn` it wraps.
pub(crate) struct RequirePermission<P> {
    signed_in: SignedIn,
    area: PhantomData<P>,
}

impl<P> Deref for RequirePermission<P> {
    type Target = SignedIn;

    fn deref(&self) -> &SignedIn {
        &self.signed_in
    }
}

impl<P: Area, S: Send + Sync> FromRequestParts<S> for RequirePermission<P>
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let signed_in = SignedIn::from_request_parts(parts, state).await?;
        permissions::require(&signed_in.user, P::PERMISSION)?;
        Ok(Self { signed_in, area: PhantomData })
    }
}
