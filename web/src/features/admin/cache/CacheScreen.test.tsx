import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin } from '../renderAdmin';
import { advance, never, useFakeClock, type Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { allCleared, NOW, publicReads, publicReadsCleared, redis, report } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const renderCache = (routes: Record<string, Route> = {}) => renderAdmin('/admin/cache', { 'GET /admin/cache': report, ...routes });

/** The values of a block's rows, by their headers. */
function factsOf(block: HTMLElement): Record<string, string> {
  return Object.fromEntries(within(block).getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]));
}

const region = (name: string) => screen.findByRole('region', { name });
/** A headline number of the totals. */
const stat = (name: string) => within(screen.getByRole('group', { name })).getAllByText(/\d|—/)[0]?.textContent;

/** jsdom lays nothing out: give elements a size (the legend a line's), so the chart (which measures its container) draws. */
const giveElementsASize = () =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return new DOMRect(0, 0, 640, this.closest('.recharts-legend-wrapper') ? 30 : 260);
  });

/** The stretches of the line of all caches (the chart's first), each as where it starts on the x axis. */
async function stretchesOfAllCaches(chart: HTMLElement): Promise<number[]> {
  const path = () => chart.querySelector('.recharts-line-curve')?.getAttribute('d') ?? '';
  await waitFor(() => expect(path()).not.toBe(''));
  return path()
    .split('M')
    .filter(Boolean)
    .map((stretch) => Number.parseFloat(stretch));
}

describe('CacheScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the totals over every instance, when they were counted, and that they refresh every 10 seconds', async () => {
    renderCache();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cache monitoring' })).toBeInTheDocument();
    const totals = await region('All caches');
    // The server weighs each cache's status by its queries: one critical cache does not make the site critical.
    expect(within(totals).getByText('Warning')).toBeInTheDocument();
    expect(totals).toHaveTextContent('Overall status');
    expect(totals).toHaveTextContent('The overall status weighs each cache’s status by its share of the queries.');
    expect(stat('Hit rate')).toBe('43.4%');
    expect(stat('Miss rate')).toBe('56.6%');
    expect(stat('Average miss time')).toBe('666 ms');
    expect(stat('Average query time')).toBe('377 ms');
    expect(stat('Total queries')).toBe('1,110');
    expect(stat('Entries')).toBe('76');
    expect(stat('Size')).toBe('4.7 MB');
    expect(stat('Evictions')).toBe('3');
    expect(stat('Instances counted')).toBe('2');
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(NOW);
    expect(screen.getByText(`Updated at ${time}; refreshes every 10 seconds.`)).toBeInTheDocument();
  });

  it('shows each cache in words, with its figures, its status and the thresholds it is judged by', async () => {
    renderCache();
    const reads = await region('Public reads');
    expect(reads).toHaveTextContent('Finished answers of the public API reads');
    expect(within(reads).getByText('Healthy')).toBeInTheDocument();
    expect(reads).toHaveTextContent('Warning below 80%, critical below 50%; judged after 100 queries, not counting the misses that fill it.');
    expect(factsOf(reads)).toEqual({
      'Hit rate': '90%',
      'Miss rate': '10%',
      'Average miss time': '4.3 ms',
      'Average query time': '0.43 ms',
      'Total queries': '200',
      Hits: '180',
      Misses: '20',
      Entries: '12',
      Size: '48.3 kB',
      Evictions: '0',
    });

    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByText('Warning')).toBeInTheDocument();
    expect(settings).toHaveTextContent('Warning below 90%, critical below 60%');
    expect(factsOf(settings)).toMatchObject({ 'Hit rate': '75%', 'Average miss time': '0.42 ms', 'Average query time': '0.11 ms', Size: '2.1 kB' });

    const answers = screen.getByRole('region', { name: 'Assistant answers' });
    expect(within(answers).getByText('Critical')).toBeInTheDocument();
    expect(answers).toHaveTextContent('Warning below 10%, critical below 2%');
    expect(factsOf(answers)).toMatchObject({ 'Hit rate': '0%', 'Average miss time': '812 ms', 'Average query time': '812 ms', Size: '1.3 MB', Evictions: '3' });

    // Too few queries to judge: healthy whatever its rate.
    const indexes = screen.getByRole('region', { name: 'Retrieval indexes' });
    expect(within(indexes).getByText('Healthy')).toBeInTheDocument();
    expect(factsOf(indexes)).toMatchObject({ 'Hit rate': '20%', 'Total queries': '10', 'Average query time': '1,200 ms', Size: '3.4 MB' });

    // Only the caches the server reports are shown.
    expect(screen.queryByRole('region', { name: 'Rendered pages' })).not.toBeInTheDocument();
  });

  it('shows no average time before a cache was queried', async () => {
    const unasked = { ...publicReads, queries: 0, hits: 0, misses: 0, hitRate: null, missRate: null, averageMissMs: null, averageQueryMs: null };
    renderCache({ 'GET /admin/cache': { ...report, caches: [unasked] } });
    expect(factsOf(await region('Public reads'))).toMatchObject({ 'Hit rate': '—', 'Average miss time': '—', 'Average query time': '—' });
  });

  it("draws the last hour's hit rate, all caches and each, with a gap where a minute had no queries", async () => {
    giveElementsASize();
    renderCache();
    const chart = await region('Hit rate over the last hour');
    await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull());
    for (const name of ['All caches', 'Public reads', 'Settings', 'Assistant answers', 'Retrieval indexes']) {
      expect(within(chart).getByText(name)).toBeInTheDocument();
    }
    // The lone minute and the last two are apart, not joined through zeros; time runs to the right.
    const stretches = await stretchesOfAllCaches(chart);
    expect(stretches).toHaveLength(2);
    expect(stretches[1]).toBeGreaterThan(600);
    expect(within(chart).getByText('100%')).toBeInTheDocument();
  });

  it('says so when no cache was queried in the last hour', async () => {
    const quiet = { ...report, history: report.history.map((minute) => ({ ...minute, hitRate: null, queries: 0, caches: [] })) };
    renderCache({ 'GET /admin/cache': quiet });
    expect(await region('Hit rate over the last hour')).toHaveTextContent('No cache was queried in the last hour.');
  });

  it('clears one cache only once confirmed, and shows the figures the server answers', async () => {
    const { api, user } = renderCache({ 'DELETE /admin/cache/publicReads': publicReadsCleared });
    const reads = await region('Public reads');

    await user.click(within(reads).getByRole('button', { name: 'Clear Public reads' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear Public reads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /admin/cache/publicReads')).toEqual([]);

    await user.click(within(reads).getByRole('button', { name: 'Clear Public reads' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear Public reads?' });
    expect(dialog).toHaveTextContent('Its entries are dropped on every instance.');
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    expect(await screen.findByText('Public reads cleared')).toBeInTheDocument();
    expect(api.callsTo('DELETE /admin/cache/publicReads')).toHaveLength(1);
    expect(factsOf(reads)).toMatchObject({ Entries: '0', Size: '0 bytes' });
    expect(stat('Entries')).toBe('64');
    // The answer is the new report: nothing is fetched again for it.
    expect(api.callsTo('GET /admin/cache')).toHaveLength(1);
  });

  it('clears every cache once confirmed', async () => {
    const { api, user } = renderCache({ 'DELETE /admin/cache': allCleared });
    await region('All caches');
    await user.click(screen.getByRole('button', { name: 'Clear all caches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all caches?' });
    expect(dialog).toHaveTextContent('Every cache is emptied on every instance.');
    await user.click(within(dialog).getByRole('button', { name: 'Clear all caches' }));

    expect(await screen.findByText('All caches cleared')).toBeInTheDocument();
    expect(api.callsTo('DELETE /admin/cache')).toHaveLength(1);
    expect(stat('Entries')).toBe('0');
    expect(factsOf(screen.getByRole('region', { name: 'Assistant answers' }))).toMatchObject({ Entries: '0' });
  });

  it('says the clear failed, and why, in the dialog, and keeps the figures', async () => {
    const { user } = renderCache({
      'DELETE /admin/cache/publicReads': () => jsonResponse({ error: 'Cache not found', code: 'cache_not_found' }, 404),
    });
    const reads = await region('Public reads');
    await user.click(within(reads).getByRole('button', { name: 'Clear Public reads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear Public reads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to clear cache: Cache not found');
    expect(screen.queryByText('Public reads cleared')).not.toBeInTheDocument();
    expect(factsOf(reads)).toMatchObject({ Entries: '12' });
  });

  it("shows Redis's figures when the site uses it", async () => {
    renderCache({ 'GET /admin/cache': { ...report, redis } });
    expect(factsOf(await region('Redis'))).toEqual({
      'Memory used': '1.5 MB',
      'Peak memory': '2 MB',
      'Keyspace hits': '900',
      'Keyspace misses': '100',
      'Keyspace hit rate': '90%',
      Keys: '42',
      'Connected clients': '3',
      'Evicted keys': '0',
    });
  });

  it('warns when Redis does not answer', async () => {
    const unreachable = { reachable: false, usedMemoryBytes: null, peakMemoryBytes: null, keyspaceHits: null, keyspaceMisses: null, evictedKeys: null, keys: null, connectedClients: null };
    renderCache({ 'GET /admin/cache': { ...report, redis: unreachable } });
    const panel = await region('Redis');
    expect(panel).toHaveTextContent('Redis is not answering, so its figures cannot be shown.');
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows no Redis panel when the site does not use Redis', async () => {
    renderCache();
    await region('All caches');
    expect(screen.queryByRole('region', { name: 'Redis' })).not.toBeInTheDocument();
  });

  it('fetches the figures again every 10 seconds, and on Refresh', async () => {
    useFakeClock();
    const { api } = renderCache();
    await advance();
    expect(api.callsTo('GET /admin/cache')).toHaveLength(1);
    api.set('GET /admin/cache', { ...report, total: { ...report.total, queries: 420 } });
    await advance(10_000);
    expect(api.callsTo('GET /admin/cache')).toHaveLength(2);
    await vi.waitFor(() => expect(stat('Total queries')).toBe('420'));
    await advance(10_000);
    expect(api.callsTo('GET /admin/cache')).toHaveLength(3);

    screen.getByRole('button', { name: 'Refresh' }).click();
    await advance();
    expect(api.callsTo('GET /admin/cache')).toHaveLength(4);
  });

  it('shows the loader while the figures come', async () => {
    renderCache({ 'GET /admin/cache': never });
    await screen.findByRole('heading', { level: 1, name: 'Cache monitoring' });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all caches' })).toBeDisabled();
  });

  it('says why the figures could not be loaded, with a way to try again', async () => {
    const { api, user } = renderCache({ 'GET /admin/cache': () => jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 403) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this content.');
    expect(alert).toHaveTextContent('You do not have permission to do this');

    api.set('GET /admin/cache', report);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await region('Public reads')).toBeInTheDocument();
  });

  it('says so when no cache has reported yet', async () => {
    renderCache({ 'GET /admin/cache': { ...report, caches: [] } });
    expect(await screen.findByText('No cache has reported any figures yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'All caches' })).not.toBeInTheDocument();
  });

  it('reads in Hebrew', async () => {
    await i18n.changeLanguage('he');
    giveElementsASize();
    renderCache();
    expect(await screen.findByRole('heading', { level: 1, name: 'ניטור מטמון' })).toBeInTheDocument();
    const reads = await region('קריאות ציבוריות');
    expect(within(reads).getByText('תקין')).toBeInTheDocument();
    expect(reads).toHaveTextContent('אזהרה מתחת ל־80%, מצב קריטי מתחת ל־50%; המצב נקבע החל מ־100 שאילתות, בלי ההחטאות שממלאות את המטמון.');
    expect(factsOf(reads)).toMatchObject({ 'שיעור פגיעה': '90%', 'זמן ממוצע לשאילתה': '0.43 ms', רשומות: '12' });
    const totals = screen.getByRole('region', { name: 'כל המטמונים' });
    expect(within(totals).getByText('אזהרה')).toBeInTheDocument();
    expect(totals).toHaveTextContent('המצב הכללי משקלל את מצבו של כל מטמון לפי חלקו בשאילתות.');
    expect(stat('זמן ממוצע לשאילתה')).toBe('377 ms');
    expect(screen.getByRole('button', { name: 'ניקוי כל המטמונים' })).toBeInTheDocument();
    // Right to left, time runs from the right: the last minutes are drawn at the left.
    const chart = await region('שיעור הפגיעה בשעה האחרונה');
    const stretches = await stretchesOfAllCaches(chart);
    expect(stretches[1]).toBeLessThan(100);
    expect(within(chart).getByText('כל המטמונים')).toBeInTheDocument();
  });
});
