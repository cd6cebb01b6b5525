import { act, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { expect, vi } from 'vitest';

import type { User } from '../lib/session/api';
import { useSession } from '../lib/session/session';
import { SessionRoot } from '../lib/session/SessionRoot';
import { TOKEN_KEY } from '../api/token';
import { jsonResponse, mockFetch } from './fetchMock';
import { renderRoutes, type Entry } from './render';

export const member: User = { id: 'u-1', username: 'odette', email: 'odette@example.org', role: 'user', isAdmin: false, permissions: [] };
export const admin: User = { id: 'u-2', username: 'rothbart', email: 'rothbart@example.org', role: 'admin', isAdmin: true, permissions: ['catalogue', 'blog', 'users', 'sessions', 'auditLogs', 'settings', 'email', 'analytics', 'ai', 'cache', 'crashes'] };

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A token shaped like the server's (header.payload.signature, base64url, no padding). `expiresIn` and
 * `issuedAgo` are seconds from now by `Date.now()`. The payload has characters whose standard base64
 * holds `+` and `/`, so reading it proves the base64url alphabet is handled.
 */
export function makeToken({ expiresIn = 3600, issuedAgo = 0, sub = member.id }: { expiresIn?: number; issuedAgo?: number; sub?: string } = {}): string {
  const now = nowSeconds();
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub, iat: now - issuedAgo, exp: now + expiresIn, note: '>>>???' }));
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

/** A request as the mocked server saw it. */
export interface ApiCall {
  method: string;
  /** The path under /api, with its query. */
  path: string;
  body: unknown;
  /** The bearer token sent, if any. */
  bearer: string | undefined;
}

/** A Response, a promise of one, or a JSON value (status 200). */
type Answer = Response | Promise<Response> | object | string | number | boolean | null | undefined;
/** What a route answers: an answer, or a function of the call giving one. */
export type Route = Answer | ((call: ApiCall) => Answer);

/**
 * Replaces `fetch` with a small fake API: `routes` maps "METHOD /path" (the path under /api; the query may
 * be left out) to an answer. Unknown routes answer 404. `calls` lists what was asked, in order.
 */
export function mockApi(routes: Record<string, Route>) {
  const table = { ...routes };
  const calls: ApiCall[] = [];
  const fetchMock = mockFetch((url, init) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.replace(/^\/api/, ''),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      bearer: headers.Authorization?.replace(/^Bearer /, ''),
    };
    calls.push(call);
    const route = table[`${call.method} ${call.path}`] ?? table[`${call.method} ${call.path.split('?')[0]}`];
    if (route === undefined) return jsonResponse({ error: `No route for ${call.method} ${call.path}` }, 404);
    const answer = typeof route === 'function' ? (route as (call: ApiCall) => Answer)(call) : route;
    return toResponse(answer);
  });
  return {
    fetchMock,
    calls,
    /** The calls made to "METHOD /path" (query ignored unless given). */
    callsTo: (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      return calls.filter((call) => call.method === method && (call.path === path || call.path.split('?')[0] === path));
    },
    /** Changes or adds a route while the test runs. */
    set: (route: string, answer: Route) => {
      table[route] = answer;
    },
  };
}

function toResponse(answer: Answer): Response | Promise<Response> {
  if (answer instanceof Response) return answer;
  if (answer instanceof Promise) return answer.then(toResponse);
  return jsonResponse(answer);
}

/** The body of the one call to `route`, once it has been made. */
export async function sentBody(api: ReturnType<typeof mockApi>, route: string): Promise<unknown> {
  await waitFor(() => expect(api.callsTo(route)).toHaveLength(1));
  return api.callsTo(route)[0]?.body;
}

/** An answer that never comes (until the test ends). */
export const never = () => new Promise<Response>(() => {});

/** Stores `token` as a previous visit would have, and returns it. */
export function storeSignedIn(token = makeToken()): string {
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

/** The routes a signed-in `user` needs: the start-up token check (and a logout that works). */
export function sessionRoutes(user: User): Record<string, Route> {
  return {
    'POST /auth/verify': { valid: true, user },
    'POST /auth/logout': { ok: true },
  };
}

export const botCheckOff = { 'GET /auth/bot-check': () => ({ provider: 'off' }) };

/** Shows the session as text, so tests can see it: "loading", "signedOut" or "signedIn:<username>". */
export function SessionProbe() {
  const { state } = useSession();
  return <output data-testid="session">{state.status === 'signedIn' ? `signedIn:${state.user.username}` : state.status}</output>;
}

/** Renders `routes` inside the app's root element (SessionRoot: the session and its expiry warning), at `path`. */
export function renderWithSession(routes: RouteObject[], { path = '/' }: { path?: Entry } = {}) {
  return renderRoutes([{ element: <SessionRoot />, children: routes }], { path });
}

/** Where the router is now, as "/path?query". */
export function whereAmI(router: ReturnType<typeof renderWithSession>['router']): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}

/**
 * Fakes the clock (timers and Date) from a fixed moment. Fetch answers and React updates still run:
 * move on with `advance`.
 */
export function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2030-03-01T10:00:00Z'));
}

/** Moves the fake clock on by `ms` (0: just lets pending answers and renders through). */
export async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
