import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin } from '../renderAdmin';
import type { ApiCall, Route } from '../../../test/auth';
import { csvResponse, recordDownloads } from '../../../test/downloads';
import type { AuditEntry } from './api';

vi.setConfig({ testTimeout: 20_000 });

const downloads = recordDownloads();

const entry = (id: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  createdAt: Date.UTC(2026, 10, 23, 9, 30, 15),
  userId: 'u-2',
  username: 'rothbart',
  action: 'set_admin',
  resourceType: 'user',
  resourceId: 'u-10',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/150.0',
  ...extra,
});
const entries = [
  entry('a-1'),
  entry('a-2', { userId: null, username: null, action: 'login_failure', resourceType: 'session', resourceId: null, ip: '198.51.100.4' }),
  // A value this version has no words for yet shows as it is.
  entry('a-3', { action: 'brand_magic', resourceType: 'brand', resourceId: 'bloch' }),
];
const logPage = (shown: AuditEntry[], total = shown.length) => ({
  entries: shown,
  total,
  page: 1,
  pageSize: 10,
  actions: ['brand_magic', 'login_failure', 'set_admin'],
  resourceTypes: ['brand', 'session', 'user'],
});

function renderLog(routes: Record<string, Route> = {}, total?: number) {
  const rendered = renderAdmin('/admin/audit-logs', { 'GET /admin/audit-logs': logPage(entries, total), ...routes });
  const lastQuery = () => Object.fromEntries(new URLSearchParams(rendered.api.callsTo('GET /admin/audit-logs').at(-1)?.path.split('?')[1]));
  return { ...rendered, lastQuery };
}

const logTable = async () => {
  await screen.findByText('198.51.100.4');
  return screen.getByRole('table', { name: 'Audit logs' });
};

async function choose(user: ReturnType<typeof renderAdmin>['user'], combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('AuditLogsScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the entries with actions and resource types in words, newest first as the server sends them', async () => {
    const { api } = renderLog();
    const rows = within(await logTable()).getAllByRole('row').slice(1);
    expect(api.callsTo('GET /admin/audit-logs').map((call) => call.path)).toEqual(['/admin/audit-logs?page=1&pageSize=10']);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1)).toEqual(['rothbart', 'Change admin access', 'User', 'u-10', '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/150.0']);
    expect(cells(rows[0]!)[0]).toMatch(/11\/23\/26/);
    expect(cells(rows[1]!).slice(1, 5)).toEqual(['Visitor', 'Failed sign-in', 'Session', '']);
    expect(cells(rows[2]!).slice(2, 5)).toEqual(['brand_magic', 'Brand', 'bloch']);
  });

  it('asks the server for the chosen filters, dates as the local days’ bounds, from the first page', async () => {
    const { user, lastQuery } = renderLog({}, 42);
    await logTable();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));

    await choose(user, 'Action', 'Failed sign-in');
    await waitFor(() => expect(lastQuery()).toEqual({ action: 'login_failure', page: '1', pageSize: '10' }));
    await choose(user, 'Resource type', 'Session');
    await user.type(screen.getByRole('textbox', { name: 'User id' }), 'u-10');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-30' } });

    await waitFor(() =>
      expect(lastQuery()).toEqual({
        action: 'login_failure',
        resourceType: 'session',
        userId: 'u-10',
        // From the start of 1 November to the start of 1 December, local time: the end day is included.
        from: String(new Date('2026-11-01T00:00:00').getTime()),
        to: String(new Date('2026-12-01T00:00:00').getTime()),
        page: '1',
        pageSize: '10',
      }),
    );
  });

  it('resets the filters', async () => {
    const { user, lastQuery } = renderLog({
      'GET /admin/audit-logs': ({ path }: ApiCall) => logPage(path.includes('resourceType=brand') ? entries.filter((e) => e.resourceType === 'brand') : entries),
    });
    await logTable();
    const rows = () => within(screen.getByRole('table', { name: 'Audit logs' })).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(3);
    await choose(user, 'Resource type', 'Brand');
    await waitFor(() => expect(lastQuery()).toMatchObject({ resourceType: 'brand' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    // The unfiltered first page again (from the cache: it was just fetched).
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Resource type' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  it('shows one user’s actions when their name is clicked', async () => {
    const { user, lastQuery } = renderLog();
    await logTable();
    await user.click(screen.getAllByRole('button', { name: 'rothbart' })[0]!);
    await waitFor(() => expect(lastQuery()).toMatchObject({ userId: 'u-2' }));
    expect(screen.getByRole('textbox', { name: 'User id' })).toHaveValue('u-2');
  });

  it('says when the end date is before the start date', async () => {
    renderLog();
    await logTable();
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-01' } });
    expect(screen.getByLabelText('End date')).toHaveAccessibleDescription('The end date is before the start date');
  });

  it('says when no entry is found', async () => {
    renderLog({ 'GET /admin/audit-logs': logPage([]) });
    expect(await screen.findByText('No audit logs found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports the filtered log through the server', async () => {
    const { api, user } = renderLog({ 'GET /admin/audit-logs/export': () => csvResponse('Time\r\n', 'audit-logs.csv') });
    await logTable();
    await choose(user, 'Action', 'Change admin access');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['audit-logs.csv']));
    const from = new Date('2026-11-01T00:00:00').getTime();
    expect(api.callsTo('GET /admin/audit-logs/export').map((call) => call.path)).toEqual([`/admin/audit-logs/export?action=set_admin&from=${from}`]);
  });
});
