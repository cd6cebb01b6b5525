import userEvent from '@testing-library/user-event';

import { member, mockApi, renderWithSession, sessionRoutes, storeSignedIn, type ApiCall, type Route } from '../../test/auth';
import type { Account, OwnSession } from './api';
import { AccountPage } from './AccountPage';

export const NOW = Date.UTC(2030, 2, 1, 10, 0);

export const account: Account = {
  id: member.id,
  username: member.username,
  email: member.email,
  gender: 'female',
  birthDate: null,
  phone: '+972 3 555 1234',
  location: null,
  language: 'he',
  newsletter: false,
  createdAt: Date.UTC(2029, 0, 15),
};

export const ownSession = (id: string, current: boolean, minutesAgo: number): OwnSession => ({
  id,
  ip: current ? '203.0.113.7' : '198.51.100.4',
  browser: current ? 'Firefox 150 (Linux)' : 'Safari 19 (iOS)',
  createdAt: NOW - 3 * 86_400_000,
  lastActivityAt: NOW - minutesAgo * 60_000,
  expiresAt: NOW + 86_400_000,
  current,
});

/** The account page for the signed-in member over a fake API: their account (PATCH answers the change) and sessions. */
export function renderAccount(routes: Record<string, Route> = {}) {
  storeSignedIn();
  let stored = { ...account };
  const api = mockApi({
    ...sessionRoutes(member),
    'GET /account': () => stored,
    'PATCH /account': (call: ApiCall) => {
      const { profile, ...rest } = call.body as Record<string, unknown>;
      stored = { ...stored, ...(profile as object), ...rest };
      return stored;
    },
    'GET /account/sessions': { now: NOW, sessions: [ownSession('s-1', true, 0), ownSession('s-2', false, 90)] },
    ...routes,
  });
  const rendered = renderWithSession([{ path: '/account', element: <AccountPage /> }], { path: '/account' });
  return { ...rendered, api, user: userEvent.setup() };
}
