import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { never, type ApiCall, type Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { Suppression, SuppressionPage } from './api';

vi.setConfig({ testTimeout: 20_000 });

const REASON = '550 5.1.1 <giselle@old.example>: Recipient address rejected: User unknown';

const giselle: Suppression = {
  userId: 'u-7',
  username: 'giselle',
  email: 'giselle@old.example',
  bouncedAt: Date.UTC(2026, 10, 20, 8, 30),
  reason: REASON,
  campaignName: 'Winter news',
};
/** Suppressed without a delivery report's words or a campaign (an address that bounced a test, say). */
const odile: Suppression = { userId: 'u-8', username: 'odile', email: 'odile@swan.example', bouncedAt: Date.UTC(2026, 10, 18, 12), reason: null, campaignName: null };

const pageOf = (suppressions: Suppression[], total = suppressions.length, page = 1): SuppressionPage => ({ suppressions, total, page, pageSize: 25 });

function renderCard(routes: Record<string, Route> = {}) {
  return renderAdmin('/admin/email', { 'GET /admin/email/campaigns': [], 'GET /admin/suppressions': pageOf([giselle, odile]), ...routes });
}

const region = (name = 'Suppressed addresses') => screen.findByRole('region', { name });
const table = async () => within(await region()).findByRole('table', { name: 'Suppressed addresses' });
const rowOf = async (username: string) => (await within(await table()).findByRole('cell', { name: username })).closest('tr')!;
const pageAsked = (call: ApiCall | undefined) => new URLSearchParams(call?.path.split('?')[1]).get('page');

describe('SuppressionsCard', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists each suppressed member on the campaigns’ screen: address, when, the server’s words and the campaign', async () => {
    const { api } = renderCard();
    const card = await region();
    expect(card).toHaveTextContent(
      'Addresses that bounced for good receive no campaign. Lift a suppression once the member has fixed their address; a member who subscribes again lifts it too.',
    );
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Member',
      'E-mail address',
      'Bounced',
      'Mail server’s reply',
      'Campaign',
      'Actions',
    ]);
    const cells = within(await rowOf('giselle')).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent).slice(0, 5)).toEqual([
      'giselle',
      'giselle@old.example',
      new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(giselle.bouncedAt),
      REASON,
      'Winter news',
    ]);
    // An address and a mail server's words read left to right whatever the interface's direction.
    expect(within(cells[1]!).getByText('giselle@old.example')).toHaveAttribute('dir', 'ltr');
    expect(within(cells[3]!).getByText(REASON)).toHaveAttribute('dir', 'ltr');
    expect(within(await rowOf('odile')).getAllByRole('cell').map((cell) => cell.textContent).slice(3, 5)).toEqual(['—', '—']);
    expect(within(await rowOf('odile')).getByRole('button', { name: 'Lift the suppression of odile' })).toHaveTextContent('Lift');
    expect(pageAsked(api.callsTo('GET /admin/suppressions')[0])).toBe('1');
    // Few enough for one page: no pages to turn.
    expect(within(card).queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  });

  it('speaks the admin’s language, right to left in Hebrew, the address still left to right', async () => {
    await i18n.changeLanguage('he');
    renderCard();
    const card = await region('כתובות חסומות לדיוור');
    const row = (await within(card).findByRole('cell', { name: 'giselle' })).closest('tr')!;
    expect(row).toHaveTextContent(new Intl.DateTimeFormat('he', { dateStyle: 'short', timeStyle: 'short' }).format(giselle.bouncedAt));
    expect(within(row).getByText('giselle@old.example')).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByRole('button', { name: 'ביטול החסימה של giselle' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('says when no address is suppressed', async () => {
    renderCard({ 'GET /admin/suppressions': pageOf([]) });
    const card = await region();
    expect(await within(card).findByText('No suppressed addresses')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the spinner while the list is read', async () => {
    renderCard({ 'GET /admin/suppressions': never });
    expect(await within(await region()).findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('says why the list could not be loaded, with the status, and tries again on demand', async () => {
    const { api, user } = renderCard({ 'GET /admin/suppressions': jsonResponse({}, 400) });
    const card = await region();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the suppressed addresses');
    expect(alert).toHaveTextContent('Request failed with status 400');
    api.set('GET /admin/suppressions', pageOf([giselle]));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('giselle')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lifts a suppression once confirmed, says so, and reads the list again', async () => {
    let listed = [giselle, odile];
    const { api, user } = renderCard({
      'GET /admin/suppressions': () => pageOf(listed),
      'DELETE /admin/suppressions/u-7': () => {
        listed = [odile];
        return { lifted: true };
      },
    });
    await user.click(within(await rowOf('giselle')).getByRole('button', { name: 'Lift the suppression of giselle' }));
    const dialog = dialogNamed('Lift the suppression of giselle?');
    expect(dialog).toHaveTextContent('Campaigns will reach this address again. Lift it only once the member has fixed it.');
    expect(within(dialog).getByText('giselle@old.example')).toHaveAttribute('dir', 'ltr');
    expect(api.callsTo('DELETE /admin/suppressions/u-7')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('Suppression of giselle lifted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /admin/suppressions/u-7')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Suppressed addresses' })).queryByRole('cell', { name: 'giselle' })).not.toBeInTheDocument());
    expect(api.callsTo('GET /admin/suppressions')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the lift fails', async () => {
    const { user } = renderCard({
      'DELETE /admin/suppressions/u-7': jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403),
    });
    await user.click(within(await rowOf('giselle')).getByRole('button', { name: 'Lift the suppression of giselle' }));
    const dialog = dialogNamed('Lift the suppression of giselle?');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Lifting the suppression failed');
    expect(alert).toHaveTextContent('You do not have permission to do this');
    expect(await rowOf('giselle')).toBeInTheDocument();
  });

  it('says so when the member was no longer suppressed (404), and shows the list as it is', async () => {
    const { api, user } = renderCard({
      'DELETE /admin/suppressions/u-7': jsonResponse({ error: 'User not found', code: 'user_not_found' }, 404),
    });
    await user.click(within(await rowOf('giselle')).getByRole('button', { name: 'Lift the suppression of giselle' }));
    api.set('GET /admin/suppressions', pageOf([odile]));
    await user.click(within(dialogNamed('Lift the suppression of giselle?')).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('The address of giselle is no longer suppressed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'giselle' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'odile' })).toBeInTheDocument();
  });

  it('pages through the list when it has more than a page', async () => {
    const many = Array.from({ length: 25 }, (_, index) => ({ ...odile, userId: `u-${index + 100}`, username: `dancer${index + 1}` }));
    const { api, user } = renderCard({
      'GET /admin/suppressions': (call: ApiCall) => (pageAsked(call) === '2' ? pageOf([giselle], 26, 2) : pageOf(many, 26)),
    });
    await rowOf('dancer25');
    const card = await region();
    expect(within(card).getByText('1–25 of 26')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Page 2' }));
    expect(await rowOf('giselle')).toBeInTheDocument();
    expect(within(card).getByText('26–26 of 26')).toBeInTheDocument();
    expect(pageAsked(api.callsTo('GET /admin/suppressions').at(-1))).toBe('2');
  });
});
