import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { isOnline, subscribeConnectivity } from '../../api/connectivity';
import { ApiError } from '../../api/errors';
import { TOKEN_KEY, clearToken, onTokenRejected, storeToken, storedToken, tokenExpiry } from '../../api/token';
import { nowSeconds } from '../../components/useCountdown';
import { logout, refreshToken, verifyToken, type SignedIn } from './api';
import { MEMBER_KEY } from '../queryKeys';
import { EXPIRY_CHECK_MS, EXPIRY_WARNING_SECONDS, SESSION_EXPIRED_PATH } from './limits';
import { createSessionStore, SessionContext, useSessionView, type SessionActions, type SessionState } from './session';

/**
 * The signed-in state (spec §4): verifies a stored token at start (one already expired ends the session as
 * the countdown does), watches its expiry every minute, opens the warning in its last five minutes, and
 * follows logins and logouts made in other tabs.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSessionStore);
  const { state } = useSessionView(store);
  const setState = useCallback(
    (next: SessionState | ((current: SessionState) => SessionState)) =>
      store.update((view) => {
        const state = typeof next === 'function' ? next(view.state) : next;
        return state === view.state ? view : { ...view, state };
      }),
    [store],
  );
  const setWarningOpen = useCallback(
    (warningOpen: boolean) => store.update((view) => (view.warningOpen === warningOpen ? view : { ...view, warningOpen })),
    [store],
  );
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const extending = useRef<Promise<void> | null>(null);

  const signIn = useCallback(({ token, user }: SignedIn) => {
    storeToken(token);
    setState({ status: 'signedIn', user, expiresAt: tokenExpiry(token, { justIssued: true }) });
  }, [setState]);

  /** Signed out here: the member's cached data dropped, the warning closed. */
  const forget = useCallback(() => {
    queryClient.removeQueries({ queryKey: MEMBER_KEY });
    setWarningOpen(false);
    setState({ status: 'signedOut' });
  }, [queryClient, setState, setWarningOpen]);

  // Several paths can end one session (a refused token and its failed refresh, the countdown and the
  // minute check); only the first finds a token, so the session ends and navigates once.
  const logOut = useCallback(
    ({ expired = false }: { expired?: boolean } = {}) => {
      if (!storedToken()) return;
      // The call takes the token into its headers before it is cleared below.
      logout().catch(() => {});
      clearToken();
      forget();
      // One's own logout goes home in the same render as the signed-out state (flushSync), or a guarded
      // page (the admin's) would see that state first and send the user to /login. Not on expiry: that is
      // found in effects, where React cannot flush.
      void navigate(expired ? SESSION_EXPIRED_PATH : '/', { flushSync: !expired });
    },
    [navigate, forget],
  );

  const extend = useCallback(() => {
    extending.current ??= refreshToken()
      .then(signIn, () => logOut({ expired: true }))
      .finally(() => {
        extending.current = null;
      });
    return extending.current;
  }, [logOut, signIn]);

  const signedInNow = useRef(false);
  useEffect(() => {
    signedInNow.current = state.status === 'signedIn';
  }, [state.status]);

  // The start's check below runs once; it ends an expired session the way the countdown does.
  const logOutNow = useRef(logOut);
  useEffect(() => {
    logOutNow.current = logOut;
  }, [logOut]);

  // At start, and whenever the connection returns while a kept token waits to be checked.
  useEffect(() => {
    let cancelled = false;
    const restore = () => {
      const token = storedToken();
      if (!token) return setState({ status: 'signedOut' });
      // Already expired (spec §4): signed out and sent to the login page that says so, as at the countdown's
      // 0, rather than asking the server to refuse it and leaving silently.
      const expiresAt = tokenExpiry(token, { justIssued: false });
      if (expiresAt !== undefined && expiresAt <= nowSeconds()) return logOutNow.current({ expired: true });
      verifyToken(token).then(
        (user) => !cancelled && setState({ status: 'signedIn', user, expiresAt: tokenExpiry(token, { justIssued: false }) }),
        (error: unknown) => {
          if (cancelled) return;
          // Only the server's refusal ends the token. Without a whole answer (offline, or the page left while
          // the answer was arriving) or with a server error it may still be good: keep it, try again later.
          if (error instanceof ApiError && error.isRefusal) clearToken();
          setState({ status: 'signedOut' });
        },
      );
    };
    restore();
    const stopWatching = subscribeConnectivity(() => {
      if (isOnline() && storedToken() && !signedInNow.current) restore();
    });
    return () => {
      cancelled = true;
      stopWatching();
    };
  }, [setState]);

  const expiresAt = state.status === 'signedIn' ? state.expiresAt : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const check = () => {
      const left = expiresAt - nowSeconds();
      if (left <= 0) logOut({ expired: true });
      else setWarningOpen(left <= EXPIRY_WARNING_SECONDS);
    };
    check();
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [expiresAt, logOut, setWarningOpen]);

  // The server refused the token (session revoked or expired): sign out here too. Listening from the
  // commit that shows the signed-in page, so a call made from it at once is already covered.
  const signedIn = state.status === 'signedIn';
  useLayoutEffect(() => (signedIn ? onTokenRejected(() => logOut({ expired: true })) : undefined), [signedIn, logOut]);

  // Another tab logged in, refreshed or logged out.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      const token = storedToken();
      if (!token) return forget();
      // The other tab has just been given this token: a refresh of this session only moves its expiry;
      // a login is checked like a stored token.
      const expiresAt = tokenExpiry(token, { justIssued: true });
      if (signedInNow.current) return setState((current) => (current.status === 'signedIn' ? { ...current, expiresAt } : current));
      verifyToken(token).then(
        (user) => setState({ status: 'signedIn', user, expiresAt }),
        () => setState({ status: 'signedOut' }),
      );
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [forget, setState]);

  const session = useMemo<SessionActions>(() => ({ store, signIn, logOut, extend }), [store, signIn, logOut, extend]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
