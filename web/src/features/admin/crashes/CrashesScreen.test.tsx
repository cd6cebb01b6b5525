import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin } from '../renderAdmin';
import type { CrashDetail, CrashGroup } from './api';

vi.setConfig({ testTimeout: 20_000 });

const group = (id: string, extra: Partial<CrashGroup> = {}): CrashGroup => ({
  id,
  message: `TypeError: ${id} is undefined`,
  status: 'new',
  occurrences: 12,
  users: 5,
  firstSeen: Date.UTC(2026, 10, 20, 8, 0),
  lastSeen: Date.UTC(2026, 10, 26, 9, 30),
  browsers: ['Firefox 133.0 (Linux)', 'Safari 17.5 (iOS)'],
  ...extra,
});
const page = (groups: CrashGroup[], droppedThisWeek = 0) => ({ groups, total: groups.length, page: 1, pageSize: 10, droppedThisWeek });

const detail: CrashDetail = {
  group: group('price'),
  frames: [
    {
      function: 'Xe',
      url: 'https://pointe.example/assets/start-Bq3x9a.js',
      line: 1,
      column: 120,
      original: { file: 'src/features/catalogue/ProductPage.tsx', line: 42, column: 3, name: 'formatPrice', code: 'const label = formatPrice(product.price);' },
    },
    { function: '', url: 'https://elsewhere.example/x.js', line: 3, column: 9, original: null },
  ],
  stack: 'TypeError: price is undefined\n    at Xe (https://pointe.example/assets/start-Bq3x9a.js:1:120)',
  componentStack: '\n    at ProductPage',
  occurrences: [
    {
      id: 'o-1',
      createdAt: Date.UTC(2026, 10, 26, 9, 30),
      userId: null,
      message: 'TypeError: price is undefined',
      url: 'https://pointe.example/en/products/gaynor',
      userAgent: 'Mozilla/5.0 Firefox/133.0',
      browser: 'Firefox 133.0 (Linux)',
      lang: 'en',
      release: '0.1.0',
    },
  ],
  urls: [{ url: 'https://pointe.example/en/products/gaynor', count: 12 }],
};

describe('CrashesScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the new crashes first, filters by status and resolves the chosen ones', async () => {
    const { api, user } = renderAdmin('/admin/crashes', {
      'GET /admin/crashes': (call) => (call.path.includes('status=new') ? page([group('price'), group('chart')]) : page([group('old', { status: 'resolved' })])),
      'POST /admin/crashes/bulk': { changed: 1 },
    });
    const table = await screen.findByRole('table', { name: 'Crash reports' });
    expect(await within(table).findByRole('link', { name: 'TypeError: price is undefined' })).toHaveAttribute('href', '/admin/crashes/price');
    expect(within(table).getAllByText('Firefox 133.0 (Linux), Safari 17.5 (iOS)')).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: /TypeError: chart is undefined/ }));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.callsTo('POST /admin/crashes/bulk')).toHaveLength(1));
    expect(api.callsTo('POST /admin/crashes/bulk')[0]!.body).toEqual({ ids: ['chart'], action: 'resolve' });
    expect(await screen.findByText('1 crash marked resolved')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByRole('link', { name: 'TypeError: old is undefined' })).toBeInTheDocument();
    expect(api.callsTo('GET /admin/crashes').at(-1)!.path).not.toContain('status=');
  });

  it('says so when no crash is waiting', async () => {
    renderAdmin('/admin/crashes', { 'GET /admin/crashes': page([]) });
    expect(await screen.findByText('No new crashes. All is well.')).toBeInTheDocument();
    expect(screen.queryByText(/dropped in the last 7 days/)).not.toBeInTheDocument();
  });

  it('says how many reports were dropped this week because the daily limits were reached', async () => {
    renderAdmin('/admin/crashes', { 'GET /admin/crashes': page([group('price')], 37) });
    expect(await screen.findByText('37 crash reports were dropped in the last 7 days: the daily limits of new reports were reached.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TypeError: price is undefined' })).toBeInTheDocument();
  });

  it('says it in the singular for one dropped report', async () => {
    renderAdmin('/admin/crashes', { 'GET /admin/crashes': page([], 1) });
    expect(await screen.findByText('1 crash report was dropped in the last 7 days: the daily limits of new reports were reached.')).toBeInTheDocument();
  });

  it('shows no notice when no report was dropped', async () => {
    renderAdmin('/admin/crashes', { 'GET /admin/crashes': page([group('price')], 0) });
    expect(await screen.findByRole('link', { name: 'TypeError: price is undefined' })).toBeInTheDocument();
    expect(screen.queryByText(/dropped in the last 7 days/)).not.toBeInTheDocument();
  });

  it('shows a crash with its stack mapped to the source, its pages and reports, and deletes it after asking', async () => {
    const { api, user } = renderAdmin('/admin/crashes/price', {
      'GET /admin/crashes/price': detail,
      'GET /admin/crashes': page([]),
      'POST /admin/crashes/bulk': { changed: 1 },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'TypeError: price is undefined' })).toBeInTheDocument();
    expect(screen.getByText('src/features/catalogue/ProductPage.tsx:42:3 (formatPrice)')).toBeInTheDocument();
    expect(screen.getByText('const label = formatPrice(product.price);')).toBeInTheDocument();
    expect(screen.getByText('Not in this build’s source maps')).toBeInTheDocument();
    expect(screen.getAllByText('https://pointe.example/en/products/gaynor')).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'About this crash' })).toHaveTextContent('Users affected5');
    expect(screen.getByText('Visitor')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 crash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST /admin/crashes/bulk')[0]?.body).toEqual({ ids: ['price'], action: 'delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crash reports' })).toBeInTheDocument();
  });

  it('shows why a crash could not be loaded', async () => {
    renderAdmin('/admin/crashes/gone', {
      'GET /admin/crashes/gone': new Response(JSON.stringify({ error: 'Crash report not found', code: 'crash_not_found' }), { status: 404 }),
    });
    expect(await screen.findByText('Failed to load the crash reports')).toBeInTheDocument();
  });

  it('reads in Hebrew, right to left', async () => {
    await i18n.changeLanguage('he');
    renderAdmin('/admin/crashes', { 'GET /admin/crashes': page([group('price')], 2) });
    expect(await screen.findByRole('heading', { level: 1, name: 'דוחות קריסה' })).toBeInTheDocument();
    expect(await screen.findByText('חדשה')).toBeInTheDocument();
    expect(await screen.findByText('2 דוחות קריסה נדחו ב־7 הימים האחרונים: המכסות היומיות לדוחות חדשים מוצו.')).toBeInTheDocument();
  });

  it('shows no notice in Hebrew when no report was dropped', async () => {
    await i18n.changeLanguage('he');
    renderAdmin('/admin/crashes', { 'GET /admin/crashes': page([group('price')]) });
    expect(await screen.findByRole('link', { name: 'TypeError: price is undefined' })).toBeInTheDocument();
    expect(screen.queryByText(/נדחו|נדחה/)).not.toBeInTheDocument();
  });
});
