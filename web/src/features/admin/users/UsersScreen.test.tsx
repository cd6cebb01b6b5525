import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogNamed } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall, Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { listed, odette, userPage } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

function renderUsers(routes: Record<string, Route> = {}, total = listed.length) {
  const rendered = renderAdmin('/admin/users', { 'GET /users/list': userPage(listed, total), ...routes });
  const { api } = rendered;
  /** The query of the last list request. */
  const lastQuery = () => Object.fromEntries(new URLSearchParams(api.callsTo('GET /users/list').at(-1)?.path.split('?')[1]));
  return { ...rendered, lastQuery };
}

/** The table once the first page has come (the table itself shows at once, empty). */
const usersTable = async () => {
  await screen.findByText('odette');
  return screen.getByRole('table', { name: 'Users' });
};
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const rowOf = async (name: string) => (await screen.findByRole('checkbox', { name: `Select ${name}` })).closest('tr')!;

describe('UsersScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the page the server gives, with roles, admin access, groups, dates and the disabled and bounced badges', async () => {
    const { api } = renderUsers({}, 42);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const rows = bodyRows(await usersTable());
    expect(rows).toHaveLength(4);
    expect(api.callsTo('GET /users/list').map((call) => call.path)).toEqual(['/users/list?group=all&sort=username&order=asc&page=1&pageSize=10']);

    const odetteRow = await rowOf('odette');
    expect(odetteRow).toHaveTextContent('odette@example.org');
    expect(within(odetteRow).getByText('Newsletter')).toBeInTheDocument();
    expect(within(odetteRow).getByText('VIP')).toBeInTheDocument();
    expect(odetteRow).toHaveTextContent('Nov 13, 2026');
    expect(within(odetteRow).getByRole('combobox', { name: 'Role of odette' })).toHaveValue('user');
    expect(within(odetteRow).getByRole('switch', { name: 'Admin access for odette' })).not.toBeChecked();

    const siegfriedRow = await rowOf('siegfried');
    expect(within(siegfriedRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(siegfriedRow).getByText('Inactive')).toBeInTheDocument();
    expect(siegfriedRow).toHaveTextContent('Never');
    expect(within(siegfriedRow).getByRole('button', { name: 'Enable siegfried' })).toBeInTheDocument();

    // An address that hard-bounced: marked beside it, with since when; the others are not.
    const giselleRow = await rowOf('giselle');
    expect(within(giselleRow).getByTitle('The address bounced on Nov 21, 2026: campaigns no longer go to it')).toHaveTextContent(/^Bounced$/);
    expect(within(odetteRow).queryByText('Bounced')).not.toBeInTheDocument();

    // The signed-in admin's own row: marked, and it cannot be deleted, disabled or demoted from here.
    const ownRow = await rowOf('rothbart');
    expect(within(ownRow).getByText('You')).toBeInTheDocument();
    expect(within(ownRow).getByRole('button', { name: 'Delete rothbart' })).toBeDisabled();
    expect(within(ownRow).getByRole('switch', { name: 'Admin access for rothbart' })).toBeDisabled();
    // The server counted 42: five pages.
    expect(screen.getByText('1–4 of 42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const { api, user, lastQuery } = renderUsers({}, 42);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '3' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ODE');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'ODE', page: '1' }));
    // One request for the search, not one a letter.
    expect(api.callsTo('GET /users/list').filter((call) => call.path.includes('search='))).toHaveLength(1);
  });

  it('filters by group', async () => {
    const { user, lastQuery } = renderUsers({}, 42);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All users',
      'Newsletter subscribers',
      'VIP customers',
      'New users (joined in the last 30 days)',
      'Inactive users (no login for more than 90 days)',
    ]);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'VIP customers' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ group: 'vip', page: '1' }));
  });

  it('asks for another page size, from the first page', async () => {
    const { user, lastQuery } = renderUsers({}, 42);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '50 per page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageSize: '50', page: '1' }));
  });

  it('sorts on the server by the clicked column, then the other way', async () => {
    const { user, lastQuery } = renderUsers();
    await usersTable();
    await user.click(screen.getByRole('button', { name: /sort by Last login/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'lastLoginAt', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /sort by Last login/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'lastLoginAt', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /^Last login/ })).toHaveAttribute('aria-sort', 'descending');
    // Groups are not a sort the server offers.
    expect(screen.queryByRole('button', { name: /sort by Groups/ })).toBeNull();
  });

  it('says when no user is found', async () => {
    renderUsers({ 'GET /users/list': userPage([]) });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says that loading failed, with the reason in the interface language', async () => {
    renderUsers({ 'GET /users/list': () => jsonResponse({ error: 'Page size must be 10, 25, 50 or 100', code: 'bad_page_size' }, 400) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users');
    expect(alert).toHaveTextContent('Page size must be 10, 25, 50 or 100');
    expect(screen.queryByText('No users found.')).toBeNull();
  });

  it('says that a search failed, and keeps the search box to change it', async () => {
    const { user } = renderUsers({
      'GET /users/list': ({ path }: ApiCall) => (path.includes('search=') ? jsonResponse({ error: 'Internal server error', code: 'internal_error' }, 400) : userPage(listed)),
    });
    await usersTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'odette');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('odette');
  });

  it('deletes a user only after confirmation', async () => {
    const { api, user } = renderUsers({ 'DELETE /users/delete/u-10': { deleted: true } });
    await user.click(within(await rowOf('odette')).getByRole('button', { name: 'Delete odette' }));
    const dialog = dialogNamed('Delete odette?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(api.callsTo('DELETE /users/delete/u-10')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /users/delete/u-10')).toHaveLength(1));
    expect(await screen.findByText('User odette deleted')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /users/list')).toHaveLength(2));
  });

  it('shows why a delete failed in the dialog', async () => {
    const { user } = renderUsers({ 'DELETE /users/delete/u-12': () => jsonResponse({ error: 'The last admin cannot be deleted', code: 'last_admin_delete' }, 400) });
    await user.click(within(await rowOf('giselle')).getByRole('button', { name: 'Delete giselle' }));
    const dialog = dialogNamed('Delete giselle?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete the user: The last admin cannot be deleted');
  });

  it('disables an account after a confirmation that says it signs them out everywhere', async () => {
    const { api, user } = renderUsers({ 'PATCH /users/update/u-10': { ...odette, disabled: true } });
    await user.click(within(await rowOf('odette')).getByRole('button', { name: 'Disable odette' }));
    const dialog = dialogNamed('Disable odette?');
    expect(dialog).toHaveTextContent('signed out everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.callsTo('PATCH /users/update/u-10').map((call) => call.body)).toEqual([{ disabled: true }]));
    expect(await screen.findByText('odette is disabled and signed out everywhere')).toBeInTheDocument();
  });

  it('gives admin access and changes the role on the spot', async () => {
    const { api, user } = renderUsers({ 'PATCH /users/update/u-10': (call: ApiCall) => ({ ...odette, ...(call.body as object) }) });
    const row = await rowOf('odette');
    await user.click(within(row).getByRole('switch', { name: 'Admin access for odette' }));
    await waitFor(() => expect(api.callsTo('PATCH /users/update/u-10').map((call) => call.body)).toEqual([{ isAdmin: true }]));
    expect(await screen.findByText('Changes to odette saved')).toBeInTheDocument();

    await waitFor(() => expect(within(row).getByRole('combobox', { name: 'Role of odette' })).toBeEnabled());
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Role of odette' }), 'Editor');
    await waitFor(() => expect(api.callsTo('PATCH /users/update/u-10').map((call) => call.body)).toEqual([{ isAdmin: true }, { role: 'editor' }]));
  });

  it('shows the server’s refusal in the interface language', async () => {
    await i18n.changeLanguage('fr');
    const t = i18n.getFixedT('fr', 'admin');
    const { user } = renderUsers({ 'PATCH /users/update/u-12': () => jsonResponse({ error: 'The last admin cannot be demoted', code: 'last_admin_demote' }, 400) });
    await screen.findByText('giselle');
    await user.click(screen.getByRole('switch', { name: t('users.adminOf', { name: 'giselle' }) }));
    const reason = t('messages.lastAdminDemote');
    expect(reason).toBe('Le dernier administrateur ne peut pas être rétrogradé');
    expect(await screen.findByText(t('users.updateFailed', { reason }))).toBeInTheDocument();
  });
});
