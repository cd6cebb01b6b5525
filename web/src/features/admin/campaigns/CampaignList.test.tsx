import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { never, type ApiCall, type Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import { draft, scheduled, sending, sent } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const ALL = [sent, sending, scheduled, draft];

/** The list answers the `status` filter as the server does. */
const listRoute = (campaigns = ALL) => (call: ApiCall) => {
  const status = new URLSearchParams(call.path.split('?')[1]).get('status');
  return campaigns.filter((campaign) => status === null || campaign.status === status);
};

function renderList(routes: Record<string, Route> = {}) {
  // The suppressed addresses show below the campaigns (their own tests: suppressions/).
  return renderAdmin('/admin/email', { 'GET /admin/email/campaigns': listRoute(), 'GET /admin/suppressions': { suppressions: [], total: 0, page: 1, pageSize: 25 }, ...routes });
}

const table = () => screen.findByRole('table', { name: 'Email campaigns' });
const rowsOf = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('CampaignList', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists each campaign with its status, recipients, sent date, open and click rates and e-mails sent', async () => {
    renderList();
    const rows = rowsOf(await table());
    expect(rows.map((row) => cellsOf(row).slice(0, 2))).toEqual([
      ['Winter news', 'Sent'],
      ['Autumn tips', 'Sending'],
      ['Summer gala', 'Scheduled'],
      ['Spring sale', 'Draft'],
    ]);
    const [winter, autumn, , spring] = rows.map(cellsOf);
    expect(winter!.slice(2, 7)).toEqual(['200', new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(sent.finishedAt!), '50%', '20%', '190']);
    expect(autumn!.slice(2, 7)).toEqual(['100', '—', '25%', '10%', '40']);
    // Nothing is sent yet: no recipients, no date, no rates.
    expect(spring!.slice(2, 7)).toEqual(['—', '—', '—', '—', '0']);
    expect(within(rows[0]!).getByRole('link', { name: 'Winter news' })).toHaveAttribute('href', '/admin/email/c-4');
    // A draft is edited, any other campaign opened; one under way cannot be deleted.
    expect(within(rows[3]!).getByRole('button', { name: 'Edit Spring sale' })).toBeEnabled();
    expect(within(rows[0]!).getByRole('button', { name: 'Open Winter news' })).toBeEnabled();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Autumn tips' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: 'Delete Summer gala' })).toBeDisabled();
  });

  it('asks the server for one status, and searches by name', async () => {
    const { api, user } = renderList();
    await table();
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Sent' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Email campaigns' })).map((row) => cellsOf(row)[0])).toEqual(['Winter news']));
    expect(api.callsTo('GET /admin/email/campaigns').at(-1)?.path).toBe('/admin/email/campaigns?status=sent');

    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Email campaigns' }))).toHaveLength(4));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'gala');
    expect(rowsOf(await table()).map((row) => cellsOf(row)[0])).toEqual(['Summer gala']);
  });

  it('deletes a campaign once confirmed', async () => {
    let campaigns = ALL;
    const { api, user } = renderList({
      'GET /admin/email/campaigns': (call: ApiCall) => listRoute(campaigns)(call),
      'DELETE /admin/email/campaigns/c-4': () => {
        campaigns = campaigns.filter((campaign) => campaign.id !== 'c-4');
        return new Response(null, { status: 204 });
      },
    });
    await user.click(within(await table()).getByRole('button', { name: 'Delete Winter news' }));
    const dialog = dialogNamed('Delete Winter news?');
    expect(dialog).toHaveTextContent('The campaign and its figures are deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Campaign Winter news deleted')).closest<HTMLElement>('[role="alert"]')!;
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /admin/email/campaigns/c-4')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Winter news' })).not.toBeInTheDocument());
  });

  it('says why a delete was refused, in the admin’s language', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderAdmin('/admin/email', {
      'GET /admin/email/campaigns': [draft],
      'DELETE /admin/email/campaigns/c-1': jsonResponse({ error: 'A scheduled, sending or paused campaign cannot be deleted: cancel it first', code: 'campaign_under_way' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Spring sale' }));
    await user.click(within(dialogNamed('Supprimer Spring sale ?')).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialogNamed('Supprimer Spring sale ?')).findByRole('alert')).toHaveTextContent(
      'Une campagne programmée, en cours d’envoi ou en pause ne peut pas être supprimée : annulez-la d’abord',
    );
  });

  it('says when there is no campaign yet, and opens the form of a new one', async () => {
    const { user } = renderList({ 'GET /admin/email/campaigns': [], 'GET /admin/email/templates': [] });
    expect(await screen.findByText('No campaigns yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'New campaign' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeInTheDocument();
  });

  it('shows the loader while the list comes', async () => {
    renderList({ 'GET /admin/email/campaigns': never });
    await screen.findByRole('heading', { level: 1, name: 'Email campaigns' });
    // The campaigns' own loader, beside the suppressed addresses' card (which loads on its own).
    const suppressions = screen.getByRole('region', { name: 'Suppressed addresses' });
    expect(screen.getAllByRole('status', { name: 'Loading…' }).filter((loader) => !suppressions.contains(loader))).toHaveLength(1);
  });

  it('offers to try again when the list could not be loaded', async () => {
    const { api, user } = renderList({ 'GET /admin/email/campaigns': () => jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to do this');
    api.set('GET /admin/email/campaigns', listRoute());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
  });

  it('leaves the POP3 screen at its own address', async () => {
    const { api } = renderAdmin('/admin/email/pop3', {
      'GET /admin/email/pop3': { host: '', port: 995, security: 'tls', username: '', password: '', checkEveryMinutes: 10 },
      'GET /admin/email/pop3/messages': jsonResponse({ error: 'No POP3 mailbox is configured', code: 'mailbox_not_configured' }, 409),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'POP3 email verification' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Mailbox' })).toBeInTheDocument();
    expect(api.callsTo('GET /admin/email/campaigns')).toEqual([]);
  });
});
