import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed } from '../../../test/forms';
import { localeText } from '../../../test/locales';
import { adminResources } from '../i18n';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall } from '../../../test/auth';
import { formatSpan, type SessionInfo } from './api';

vi.setConfig({ testTimeout: 20_000 });

const NOW = Date.UTC(2026, 10, 23, 12, 0);
const HOUR = 3_600_000;
const session = (id: string, userId: string, username: string, current = false): SessionInfo => ({
  id,
  userId,
  username,
  ip: '203.0.113.7',
  browser: 'Chrome 156 (Linux)',
  createdAt: NOW - 2 * HOUR,
  lastActivityAt: NOW - 60_000,
  expiresAt: NOW + 5 * 24 * HOUR,
  current,
});
const sessions = [session('s-1', 'u-1', 'odette', true), session('s-2', 'u-2', 'giselle'), session('s-3', 'u-2', 'giselle')];

function renderSessions() {
  return renderAdmin('/admin/sessions', {
    'GET /sessions/list': ({ path }: ApiCall) => ({
      now: NOW,
      sessions: path.includes('user_id=u-2') ? sessions.filter((s) => s.userId === 'u-2') : sessions,
    }),
    'DELETE /sessions/revoke/s-2': { revoked: 1 },
    'DELETE /sessions/revoke-user/u-2': { revoked: 2 },
  });
}

describe('SessionsScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists live sessions with who, where, since when, and marks the current one', async () => {
    renderSessions();
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('odette');
    expect(within(rows[0]!).getByText('This session')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Chrome 156 (Linux)');
    expect(rows[1]).toHaveTextContent('2 hours');
    expect(rows[1]).toHaveTextContent('5 days');
  });

  it('revokes one session after confirmation and lists again', async () => {
    const { api, user } = renderSessions();
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await waitFor(() => expect(api.callsTo('GET /sessions/list')).toHaveLength(1));
    await user.click(within(table).getAllByRole('button', { name: 'Revoke the session of giselle' })[0]!);
    const dialog = dialogNamed('Revoke this session?');
    expect(dialog).toHaveTextContent('signed out on their next action');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo('DELETE /sessions/revoke/s-2')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /sessions/list')).toHaveLength(2));
  });

  it('warns before revoking your own session', async () => {
    const { user } = renderSessions();
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await user.click(within(table).getByRole('button', { name: 'Revoke the session of odette' }));
    expect(dialogNamed('Revoke this session?')).toHaveTextContent('This is your own session');
  });

  it('filters by user and revokes all of that user’s sessions', async () => {
    const { api, user } = renderSessions();
    await screen.findByRole('table', { name: 'Sessions' });
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'giselle' }));
    await waitFor(() => expect(api.callsTo('GET /sessions/list').some((call) => call.path === '/sessions/list?user_id=u-2')).toBe(true));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sessions' })).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Revoke all sessions of giselle' }));
    const dialog = dialogNamed('Revoke all sessions of giselle');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo('DELETE /sessions/revoke-user/u-2')).toHaveLength(1));
  });
});

describe('SessionsScreen failures', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('says the sessions could not be fetched, with the request’s status, and tries again on demand', async () => {
    const { api, user } = renderAdmin('/admin/sessions', { 'GET /sessions/list': jsonResponse({}, 403) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch sessions');
    expect(alert).toHaveTextContent('Request failed with status 403');
    api.set('GET /sessions/list', { now: NOW, sessions });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Sessions' })).toBeInTheDocument();
  });

  it.each(['he', 'ru', 'fr', 'es'] as const)('says so in %s too, the status filled in', async (language) => {
    await i18n.changeLanguage(language);
    renderAdmin('/admin/sessions', { 'GET /sessions/list': jsonResponse({}, 403) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(adminResources[language].sessions.loadFailed);
    expect(alert).toHaveTextContent(localeText(language, 'messages.requestFailedStatus', { status: 403 }));
  });

  it('says the session could not be revoked, and why, in the confirmation', async () => {
    const { user } = renderAdmin('/admin/sessions', {
      'GET /sessions/list': { now: NOW, sessions },
      'DELETE /sessions/revoke/s-2': jsonResponse({ error: 'Session not found', code: 'session_not_found' }, 404),
    });
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await user.click(within(table).getAllByRole('button', { name: 'Revoke the session of giselle' })[0]!);
    const dialog = dialogNamed('Revoke this session?');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to revoke session');
    expect(alert).toHaveTextContent('Session not found');
  });
});

describe('formatSpan', () => {
  it('uses the largest whole unit in the language', () => {
    expect(formatSpan(90_000, 'en')).toBe('1 minute');
    expect(formatSpan(3 * HOUR + 59 * 60_000, 'en')).toBe('3 hours');
    expect(formatSpan(49 * HOUR, 'en')).toBe('2 days');
    expect(formatSpan(-5, 'en')).toBe('0 minutes');
  });
});
