import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { csvResponse, recordDownloads } from '../../../test/downloads';
import { jsonResponse } from '../../../test/fetchMock';
import { renderAdmin } from '../renderAdmin';
import { live, report } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const renderAnalytics = (path = '/admin/analytics') =>
  renderAdmin(path, { 'GET /admin/analytics': report, 'GET /admin/analytics/live': live });

/** A headline card's number and its change, by the card's name. */
const card = (name: string) => screen.getByRole('group', { name }).textContent;

describe('AnalyticsScreen', () => {
  const downloads = recordDownloads();
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the headline numbers against the previous period, the breakdowns in words and the latest activity', async () => {
    renderAnalytics();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Unique visitors' });
    expect(card('Unique visitors')).toContain('Up 100% on the previous period');
    expect(card('Page views')).toContain('Down 25% on the previous period');
    expect(card('Visits')).toContain('Same as the previous period');
    expect(card('Bounce rate')).toContain('50%');
    expect(card('Average visit duration')).toContain('None in the previous period');
    await waitFor(() => expect(card('Visitors now')).toContain('2'));

    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(within(sources).getByRole('button', { name: 'Direct / none' })).toBeInTheDocument();
    const languages = screen.getByRole('region', { name: 'Site language' });
    expect(within(languages).getByRole('button', { name: 'Hebrew' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Devices' })).getByRole('button', { name: 'Mobile' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Events' })).getByRole('button', { name: 'Product link followed' })).toBeInTheDocument();
    const empty = screen.getByRole('region', { name: 'Searches that found nothing' });
    expect(within(empty).getByText('glitter')).toBeInTheDocument();
    expect(within(empty).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'UTM campaigns' })).getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.getByText('Left out: 4 hits from bots and headless browsers.')).toBeInTheDocument();
    expect(screen.queryByText(/no room for them/)).toBeNull();

    const recent = await screen.findByRole('region', { name: 'Recent activity' });
    const rows = within(recent).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Search');
    expect(rows[1]).toHaveTextContent('glitter · 0 results');
    expect(rows[1]).toHaveTextContent('Safari · iPhone · Mobile · English');
  });

  it('says how many hits were lost when the server had no room for them, and nothing when none were', async () => {
    renderAdmin('/admin/analytics', { 'GET /admin/analytics': { ...report, dropped: 7 }, 'GET /admin/analytics/live': live });
    expect(await screen.findByText(/^7 hits arrived while the server had no room for them/)).toBeInTheDocument();
  });

  it('narrows everything to a clicked row, shows it as a removable filter, and keeps the range in the address', async () => {
    const { api, user, router } = renderAnalytics();
    const pages = await screen.findByRole('region', { name: 'Top pages' });
    await user.click(within(pages).getByRole('button', { name: '/brands' }));
    await waitFor(() => expect(api.callsTo('GET /admin/analytics').at(-1)?.path).toContain('page=%2Fbrands'));
    expect(api.callsTo('GET /admin/analytics/live').at(-1)?.path).toContain('page=%2Fbrands');
    const remove = await screen.findByRole('button', { name: 'Remove the filter Page: /brands' });

    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(api.callsTo('GET /admin/analytics').at(-1)?.path).toBe('/admin/analytics?page=%2Fbrands&range=30d'));
    expect(router.state.location.search).toBe('?page=%2Fbrands&range=30d');

    await user.click(remove);
    await waitFor(() => expect(api.callsTo('GET /admin/analytics').at(-1)?.path).toBe('/admin/analytics?range=30d'));
    expect(screen.queryByRole('button', { name: /Remove the filter/ })).toBeNull();
  });

  it('asks for a custom range of whole days, and refuses one that ends before it starts', async () => {
    const { api, user } = renderAnalytics();
    await screen.findByRole('group', { name: 'Unique visitors' });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a start date before the end date');
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    await user.clear(to);
    await user.type(to, '2026-11-12');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const start = new Date(2026, 10, 10).getTime();
    const end = new Date(2026, 10, 13).getTime();
    await waitFor(() => expect(api.callsTo('GET /admin/analytics').at(-1)?.path).toBe(`/admin/analytics?range=custom&from=${start}&to=${end}`));
  });

  it('says when the report cannot be read, and reads it again on request', async () => {
    const { api, user } = renderAdmin('/admin/analytics', {
      'GET /admin/analytics': () => jsonResponse({ error: 'Database unavailable' }, 503),
      'GET /admin/analytics/live': live,
    });
    const retry = await screen.findByRole('button', { name: /try again/i }, { timeout: 10_000 });
    api.set('GET /admin/analytics', report);
    await user.click(retry);
    expect(await screen.findByRole('group', { name: 'Unique visitors' })).toBeInTheDocument();
  });

  it("downloads an export of the shown range and filters, in the admin's language, under the server's name", async () => {
    const { api, user } = renderAnalytics('/admin/analytics?range=30d&device=mobile');
    api.set('GET /admin/analytics/export', () => csvResponse('Metric,This period\r\n', 'analytics-summary-30d-2026-11-24.csv'));
    await screen.findByRole('group', { name: 'Unique visitors' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV: summary' }));
    expect(await screen.findByText('Export downloaded')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/analytics/export')[0]?.path).toBe('/admin/analytics/export?part=summary&lang=en&device=mobile&range=30d');
    expect(downloads.map((file) => file.name)).toEqual(['analytics-summary-30d-2026-11-24.csv']);

    api.set('GET /admin/analytics/export', () => jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV: everything (zip)' }));
    expect(await screen.findByText('The export failed: You do not have permission to do this')).toBeInTheDocument();
  });
});
