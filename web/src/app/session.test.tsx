import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { apiRequest } from '../api/client';
import { checkHealth } from '../api/connectivity';
import { TOKEN_KEY } from '../api/token';
import { AccountStatus } from '../components/AccountStatus';
import {
  SessionProbe,
  advance,
  makeToken,
  member,
  mockApi,
  renderWithSession,
  sessionRoutes,
  storeSignedIn,
  useFakeClock,
  whereAmI,
} from '../test/auth';
import { setBrowserOnline } from '../test/browser';
import { jsonResponse } from '../test/fetchMock';
import { EXPIRY_CHECK_MS, SCROLL_SETTLE_MS, SESSION_EXPIRED_PATH } from '../lib/session/limits';

/** A page that shows the session and can make a member's call (GET /api/member/things). */
function Page() {
  return (
    <>
      <SessionProbe />
      <AccountStatus />
      <button type="button" onClick={() => void apiRequest('/member/things').catch(() => {})}>
        Load my things
      </button>
    </>
  );
}

const renderApp = (path = '/somewhere') => renderWithSession([{ path: '*', element: <Page /> }], { path });
const session = () => screen.getByTestId('session');
const warning = () => screen.queryByRole('dialog', { name: 'Your session is about to expire' });
const countdown = () => screen.getByRole('timer');
/** A button of the open warning (the page has its own "Log out"). */
const warningButton = (name: string) => within(warning()!).getByRole('button', { name });
const warningText = (seconds: number) => `You will be logged out in ${seconds} s. Do you want to stay logged in?`;

describe('SessionProvider', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('verifies a stored token at start: loading first, then signed in', async () => {
    const token = storeSignedIn();
    let answer: (response: Response) => void = () => {};
    const api = mockApi({ 'POST /auth/verify': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp();
    expect(session()).toHaveTextContent('loading');
    expect(screen.queryByText('Welcome, odette')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /auth/verify')).toHaveLength(1));
    expect(api.calls[0]!.body).toEqual({ token });
    void act(() => answer(jsonResponse({ valid: true, user: member })));
    expect(await screen.findByText('Welcome, odette')).toBeInTheDocument();
    expect(session()).toHaveTextContent('signedIn:odette');
  });

  it('is signed out at once without a stored token, and asks nothing', async () => {
    const api = mockApi({});
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    expect(api.calls).toEqual([]);
  });

  it('removes a stored token the server refuses', async () => {
    storeSignedIn();
    mockApi({ 'POST /auth/verify': jsonResponse({ error: 'Token verification failed' }, 401) });
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('removes a stored token the server answers as not valid', async () => {
    storeSignedIn();
    mockApi({ 'POST /auth/verify': { valid: false, user: member } });
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps the token when the check got no answer (offline), to try again later', async () => {
    const token = storeSignedIn();
    setBrowserOnline(false);
    mockApi({ 'POST /auth/verify': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('keeps the token when the answer to the check is cut off (the page was left while it arrived)', async () => {
    const token = storeSignedIn();
    mockApi({ 'POST /auth/verify': () => new Response('{"valid":', { status: 200 }) });
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('checks the kept token again when the connection returns', async () => {
    storeSignedIn();
    setBrowserOnline(false);
    const api = mockApi({ 'HEAD /health': () => new Response(null), 'POST /auth/verify': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    await act(async () => void (await checkHealth())); // the app notices it is offline
    api.set('POST /auth/verify', { valid: true, user: member });
    setBrowserOnline(true);
    await act(async () => void (await checkHealth()));
    expect(await screen.findByText('Welcome, odette')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify')).toHaveLength(2);
  });

  it('logs out to the session-expired page when the server refuses the token on any call', async () => {
    storeSignedIn();
    const api = mockApi({ ...sessionRoutes(member), 'GET /member/things': jsonResponse({ error: 'Authentication required' }, 401) });
    const { router } = renderApp();
    await screen.findByText('Welcome, odette');
    fireEvent.click(screen.getByRole('button', { name: 'Load my things' }));
    await waitFor(() => expect(whereAmI(router)).toBe('/login?reason=session_expired'));
    expect(session()).toHaveTextContent('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });

  it('signs out when another tab removes the token', async () => {
    const token = storeSignedIn();
    mockApi(sessionRoutes(member));
    renderApp();
    await screen.findByText('Welcome, odette');
    localStorage.removeItem(TOKEN_KEY);
    void act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: token, newValue: null }));
    });
    expect(session()).toHaveTextContent('signedOut');
    expect(screen.queryByText('Welcome, odette')).not.toBeInTheDocument();
  });

  it('signs in when another tab signs in', async () => {
    const api = mockApi(sessionRoutes(member));
    renderApp();
    await waitFor(() => expect(session()).toHaveTextContent('signedOut'));
    const token = storeSignedIn();
    void act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: null, newValue: token }));
    });
    expect(await screen.findByText('Welcome, odette')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify').at(-1)!.body).toEqual({ token });
  });
});

describe('SessionExpiryWarning', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useFakeClock();
  });

  /** Signs in with a stored token expiring in `expiresIn` seconds; the refresh answers a fresh token. */
  async function signedInFor(expiresIn: number, { path = '/somewhere' } = {}) {
    const token = storeSignedIn(makeToken({ expiresIn, issuedAgo: 3600 - expiresIn }));
    const fresh = makeToken({ expiresIn: 3600 });
    const api = mockApi({ ...sessionRoutes(member), 'POST /auth/refresh': () => ({ token: fresh, user: member }) });
    const rendered = renderApp(path);
    await advance();
    expect(session()).toHaveTextContent('signedIn:odette');
    return { ...rendered, api, token, fresh };
  }

  it('does not show while more than 300 s are left, and opens at the next minute’s check once 300 s or fewer are', async () => {
    await signedInFor(330);
    expect(warning()).not.toBeInTheDocument();
    await advance(EXPIRY_CHECK_MS - 1_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(1_000);
    await advance(); // the warning's code, a chunk of its own, arrives
    expect(warning()).toBeInTheDocument();
    expect(countdown()).toHaveTextContent(warningText(270));
    expect(warningButton('Stay logged in')).toBeInTheDocument();
    expect(warningButton('Log out')).toBeInTheDocument();
  });

  it('opens at once when the session starts with 300 s or fewer left', async () => {
    await signedInFor(300);
    expect(warning()).toBeInTheDocument();
    expect(countdown()).toHaveTextContent(warningText(300));
  });

  it('counts down every second', async () => {
    await signedInFor(200);
    expect(countdown()).toHaveTextContent(warningText(200));
    await advance(1_000);
    expect(countdown()).toHaveTextContent(warningText(199));
    await advance(1_000);
    expect(countdown()).toHaveTextContent(warningText(198));
    await advance(10_000);
    expect(countdown()).toHaveTextContent(warningText(188));
  });

  it('“Stay logged in” refreshes the token, stores the new one and closes', async () => {
    const { api, token, fresh } = await signedInFor(200);
    fireEvent.click(warningButton('Stay logged in'));
    await advance();
    const [refresh, ...more] = api.callsTo('POST /auth/refresh');
    expect(more).toEqual([]);
    expect(refresh!.bearer).toBe(token);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(warning()).not.toBeInTheDocument();
    // The new token lasts an hour: the next checks leave the warning closed.
    await advance(5 * EXPIRY_CHECK_MS);
    expect(warning()).not.toBeInTheDocument();
    expect(session()).toHaveTextContent('signedIn:odette');
  });

  it.each([
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a mouse press', () => fireEvent.mouseDown(document.body)],
    ['a scroll with the wheel', () => fireEvent.wheel(document.body, { deltaY: 120 })],
    ['a touch', () => fireEvent.touchStart(document.body, { touches: [{ clientX: 5, clientY: 5 }], changedTouches: [{ clientX: 5, clientY: 5 }] })],
  ])('%s outside the warning extends the session too', async (_activity, doIt) => {
    const { api, fresh } = await signedInFor(200);
    doIt();
    await advance();
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(warning()).not.toBeInTheDocument();
  });

  it('a scroll inside the warning extends the session too', async () => {
    const { api, fresh } = await signedInFor(200);
    await advance(SCROLL_SETTLE_MS);
    expect(api.callsTo('POST /auth/refresh')).toEqual([]);
    fireEvent.scroll(warning()!);
    await advance();
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(warning()).not.toBeInTheDocument();
  });

  it('a scroll while the warning opens (focus moving into the dialog) does not count as the user', async () => {
    const { api } = await signedInFor(200);
    fireEvent.scroll(warning()!);
    await advance(SCROLL_SETTLE_MS - 100);
    fireEvent.scroll(warning()!);
    await advance();
    expect(api.callsTo('POST /auth/refresh')).toEqual([]);
    expect(warning()).toBeInTheDocument();
  });

  // Seen in Playwright: the locked page behind the warning scrolled itself as its content settled.
  it.each([
    ['the page', () => fireEvent.scroll(window)],
    ['a part of the page', () => fireEvent.scroll(session())],
  ])('a scroll of %s behind the warning (locked: not the user) does not extend the session', async (_where, scroll) => {
    const { api } = await signedInFor(200);
    await advance(SCROLL_SETTLE_MS);
    scroll();
    await advance();
    expect(api.callsTo('POST /auth/refresh')).toEqual([]);
    expect(warning()).toBeInTheDocument();
  });

  it('activity while no warning shows does not refresh', async () => {
    const { api } = await signedInFor(3000);
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.mouseDown(document.body);
    await advance();
    expect(api.callsTo('POST /auth/refresh')).toEqual([]);
  });

  it('closes the warning when another tab refreshes the session, without checking the token again', async () => {
    const { api, fresh } = await signedInFor(200);
    expect(warning()).toBeInTheDocument();
    localStorage.setItem(TOKEN_KEY, fresh);
    void act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: fresh }));
    });
    await advance();
    expect(warning()).not.toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify')).toHaveLength(1);
    expect(api.callsTo('POST /auth/refresh')).toEqual([]);
  });

  it('ends the session once when a refused refresh both reports the token and fails', async () => {
    const { api, router } = await signedInFor(200);
    api.set('POST /auth/refresh', jsonResponse({ error: 'Token refresh failed' }, 401));
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname + state.location.search));
    fireEvent.click(warningButton('Stay logged in'));
    await advance();
    expect(visited.filter((path) => path === SESSION_EXPIRED_PATH)).toHaveLength(1);
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });

  it('logs out to the session-expired page when the refresh fails', async () => {
    const { api, router } = await signedInFor(200);
    api.set('POST /auth/refresh', jsonResponse({ error: 'Token refresh failed' }, 401));
    fireEvent.click(warningButton('Stay logged in'));
    await advance();
    expect(whereAmI(router)).toBe(SESSION_EXPIRED_PATH);
    expect(session()).toHaveTextContent('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(warning()).not.toBeInTheDocument();
  });

  it('logs out when the refresh gets no answer at all', async () => {
    const { api, router } = await signedInFor(200);
    api.set('POST /auth/refresh', () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(warningButton('Stay logged in'));
    await advance(20_000); // the client's retries and their backoff
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(4);
    expect(whereAmI(router)).toBe(SESSION_EXPIRED_PATH);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('at 0 logs out on the server with the token, forgets it and goes to the session-expired page', async () => {
    const { api, router, token } = await signedInFor(90);
    await advance(89_000);
    expect(countdown()).toHaveTextContent(warningText(1));
    expect(api.callsTo('POST /auth/logout')).toEqual([]);
    await advance(1_000);
    expect(whereAmI(router)).toBe('/login?reason=session_expired');
    expect(session()).toHaveTextContent('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.callsTo('POST /auth/logout')).toMatchObject([{ bearer: token }]);
    expect(warning()).not.toBeInTheDocument();
  });

  it('logs out at once when the token has already expired', async () => {
    storeSignedIn(makeToken({ expiresIn: -5, issuedAgo: 3600 }));
    mockApi(sessionRoutes(member)); // a server clock behind this one still accepts it
    const { router } = renderApp();
    await advance();
    expect(whereAmI(router)).toBe(SESSION_EXPIRED_PATH);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('sends a user whose stored token expired before the start to the session-expired page, not silently home', async () => {
    const token = storeSignedIn(makeToken({ expiresIn: -60, issuedAgo: 3600 }));
    // The server refuses it, as it does an expired token.
    const api = mockApi({ 'POST /auth/verify': jsonResponse({ error: 'Token verification failed', code: 'verify_failed' }, 401), 'POST /auth/logout': { ok: true } });
    const { router } = renderApp('/tips');
    await advance();
    expect(whereAmI(router)).toBe(SESSION_EXPIRED_PATH);
    expect(session()).toHaveTextContent('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // Ended as the countdown ends one: on the server too, with the token; nothing asked to verify it.
    expect(api.callsTo('POST /auth/logout')).toMatchObject([{ bearer: token }]);
    expect(api.callsTo('POST /auth/verify')).toEqual([]);
    expect(warning()).not.toBeInTheDocument();
  });

  it('leaves a stored token the server refuses before it expires (a revoked session) without the session-expired page', async () => {
    storeSignedIn(makeToken({ expiresIn: 600 }));
    mockApi({ 'POST /auth/verify': jsonResponse({ error: 'Token verification failed', code: 'verify_failed' }, 401) });
    const { router } = renderApp('/tips');
    await advance();
    expect(session()).toHaveTextContent('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(whereAmI(router)).toBe('/tips');
  });

  it('“Log out” logs out and goes home, without refreshing first', async () => {
    const { api, router, token } = await signedInFor(200, { path: '/products' });
    const logOut = warningButton('Log out');
    fireEvent.mouseDown(logOut);
    fireEvent.click(logOut);
    await advance();
    expect(whereAmI(router)).toBe('/');
    expect(session()).toHaveTextContent('signedOut');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.callsTo('POST /auth/logout')).toMatchObject([{ bearer: token }]);
    expect(api.callsTo('POST /auth/refresh')).toEqual([]);
  });

  it('a refused token on any call during the warning also logs out to the session-expired page', async () => {
    const { api, router } = await signedInFor(200);
    api.set('GET /member/things', jsonResponse({ error: 'Authentication required' }, 401));
    fireEvent.click(screen.getByRole('button', { name: 'Load my things' }));
    await advance();
    expect(whereAmI(router)).toBe(SESSION_EXPIRED_PATH);
  });
});
