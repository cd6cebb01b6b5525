import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin } from '../renderAdmin';
import type { Route } from '../../../test/auth';
import { csvResponse, recordDownloads } from '../../../test/downloads';
import { jsonResponse } from '../../../test/fetchMock';
import { listed, userPage } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const downloads = recordDownloads();

async function renderUsers(routes: Record<string, Route> = {}) {
  const rendered = renderAdmin('/admin/users', { 'GET /users/list': userPage(listed), ...routes });
  await screen.findByText('odette');
  return rendered;
}

async function select(user: ReturnType<typeof renderAdmin>['user'], ...names: string[]) {
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  return screen.getByRole('region', { name: 'Selected rows' });
}

describe('Acting on selected users', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('adds the selected users to the VIP group, then lists again and clears the selection', async () => {
    const { api, user } = await renderUsers({ 'POST /users/groups/vip/members': { changed: 2 } });
    const bar = await select(user, 'odette', 'siegfried');
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Add to VIP' }));

    await waitFor(() => expect(api.callsTo('POST /users/groups/vip/members').map((call) => call.body)).toEqual([{ userIds: ['u-10', 'u-11'] }]));
    expect(await screen.findByText('2 users added to the VIP customers')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /users/list')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it('removes the selected users from the VIP group', async () => {
    const { api, user } = await renderUsers({ 'DELETE /users/groups/vip/members': { changed: 1 } });
    const bar = await select(user, 'odette');
    await user.click(within(bar).getByRole('button', { name: 'Remove from VIP' }));
    await waitFor(() => expect(api.callsTo('DELETE /users/groups/vip/members').map((call) => call.body)).toEqual([{ userIds: ['u-10'] }]));
    expect(await screen.findByText('1 user removed from the VIP customers')).toBeInTheDocument();
  });

  it('exports just the selected users, by id, with the bearer token', async () => {
    const { api, user } = await renderUsers({ 'GET /users/export': () => csvResponse('Username\r\nodette\r\n', 'users.csv') });
    const bar = await select(user, 'odette', 'giselle');
    await user.click(within(bar).getByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['users.csv']));
    const [call] = api.callsTo('GET /users/export');
    expect(call?.path).toBe('/users/export?ids=u-10,u-12');
    expect(call?.bearer).toBeTruthy();
  });

  it('exports the whole filtered list through the server, every page of it', async () => {
    const { api, user } = await renderUsers({ 'GET /users/export': () => csvResponse('Username\r\n', 'users.csv') });
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Newsletter subscribers' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ode');
    await waitFor(() => expect(api.callsTo('GET /users/list').at(-1)?.path).toContain('search=ode'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.callsTo('GET /users/export').map((call) => call.path)).toEqual(['/users/export?search=ode&group=newsletter&sort=username&order=asc']);
  });

  it('says why an export failed', async () => {
    const { user } = await renderUsers({ 'GET /users/export': () => jsonResponse({ error: 'Select at most 1000 users', code: 'too_many_ids' }, 400) });
    const bar = await select(user, 'odette');
    await user.click(within(bar).getByRole('button', { name: 'Export selected' }));
    expect(await screen.findByText('Select at most 1000 users')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});
