import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAdmin } from '../renderAdmin';
import { advance, useFakeClock, type ApiCall, type Route } from '../../../test/auth';
import { aiRoutes, metrics, NOW, status } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

function renderAi(routes: Record<string, Route> = {}) {
  const rendered = renderAdmin('/admin/ai', { ...aiRoutes, ...routes });
  const openTab = async (name: string) => rendered.user.click(await screen.findByRole('tab', { name }));
  return { ...rendered, openTab };
}

/** The values of a block's rows, by their headers. */
function factsOf(block: HTMLElement): Record<string, string> {
  return Object.fromEntries(within(block).getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]));
}

const region = (name: string) => screen.findByRole('region', { name });
/** A stat card's number (the first text with one). */
const stat = (name: string) => within(screen.getByRole('group', { name })).getAllByText(/\d|—/)[0]?.textContent;
const dateTime = (epochMs: number) => new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(epochMs);

/** jsdom lays nothing out: give elements a size, so the charts (which measure their container) draw. */
const giveElementsASize = () => vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 640, 240));

describe('AiScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('opens on the models and the AI test, with the gateway and the metrics as the other tabs', async () => {
    const { api } = renderAi();
    expect(await screen.findByRole('heading', { level: 1, name: 'AI monitoring' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['AI Models', 'AI Gateway', 'AI System Metrics']);
    expect(screen.getByRole('tab', { name: 'AI Models' })).toHaveAttribute('aria-selected', 'true');
    expect(await region('AI model per language')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'AI test' })).toBeInTheDocument();
    // Only the shown tab loads: the live numbers wait for theirs.
    expect(api.callsTo('GET /admin/ai/status')).toEqual([]);
    expect(api.callsTo('GET /admin/ai/metrics')).toEqual([]);
  });

  it('names the tabs in the interface language', async () => {
    await i18n.changeLanguage('he');
    renderAi();
    await screen.findByRole('tab', { name: 'מודלי AI' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['מודלי AI', 'שער AI', 'מדדי מערכת AI']);
  });

  it("shows each provider's state, the last answer and the index", async () => {
    const { openTab } = renderAi();
    await openTab('AI Gateway');

    expect(factsOf(await region('AI gateway'))).toEqual({
      Available: 'Yes',
      Configured: 'Yes',
      'Circuit breaker': 'Closed (in use)',
      Model: 'smollm2',
      'Last used': dateTime(NOW - 3_600_000),
      'Response time': '812 ms',
    });
    const edge = screen.getByRole('region', { name: 'Edge AI (Cloudflare Workers AI)' });
    expect(factsOf(edge)).toMatchObject({ Available: 'No', 'Circuit breaker': 'Open (skipped)', 'Last used': 'Never', 'Response time': '—' });
    expect(edge).toHaveTextContent('Last error: Workers AI answered 401 Unauthorized');
    expect(factsOf(screen.getByRole('region', { name: 'Built-in answers' }))).toMatchObject({ Model: 'basic', 'Response time': '12 ms' });

    expect(factsOf(screen.getByRole('region', { name: 'Last answer' }))).toEqual({
      Provider: 'Built-in answers',
      Model: 'basic',
      'RAG type': 'Hybrid: site content and general knowledge',
      'RAG enabled': 'Yes',
      Sources: '3',
      'Context length (characters)': '1,840',
      'Response time': '12 ms',
      'Answered at': dateTime(status.lastAnswer!.at),
    });
    expect(factsOf(screen.getByRole('region', { name: 'Search index' }))).toEqual({ עברית: '31', English: '32', Русский: '33', Français: '34', Español: '35' });
    expect(await region('AI providers')).toBeInTheDocument();
  });

  it('says when no question has been answered yet', async () => {
    const { openTab } = renderAi({ 'GET /admin/ai/status': { ...status, lastAnswer: null } });
    await openTab('AI Gateway');
    expect(await region('Last answer')).toHaveTextContent('No question has been answered yet.');
  });

  it("shows the period's numbers, models, errors and feedback", async () => {
    giveElementsASize();
    const { api, openTab } = renderAi();
    await openTab('AI System Metrics');
    await screen.findByRole('group', { name: 'Total requests' });
    expect(api.callsTo('GET /admin/ai/metrics')[0]?.path).toBe('/admin/ai/metrics?range=24h');
    expect(stat('Total requests')).toBe('42');
    expect(stat('Success rate')).toBe('95%');
    expect(stat('Average response time')).toBe('300 ms');
    expect(stat('Total tokens')).toBe('1,234');
    expect(stat('Cache hit rate')).toBe('10%');
    expect(stat('Context usage')).toBe('30 / 12');
    expect(screen.getByRole('group', { name: 'Context usage' })).toHaveTextContent('Average context length (characters): 1,500');
    expect(stat('Helpful (thumbs up)')).toBe('7');
    expect(stat('Not helpful (thumbs down)')).toBe('2');

    const models = within(screen.getByRole('table', { name: 'Model performance' })).getAllByRole('row');
    expect(models.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Provider', 'Model', 'Requests', 'Success rate', 'Average response time', 'Tokens'],
      ['AI gateway', 'smollm2', '10', '80%', '900 ms', '1,234'],
      ['Built-in answers', 'basic', '32', '100%', '12 ms', '0'],
    ]);
    const errors = within(screen.getByRole('table', { name: 'Error types' })).getAllByRole('row');
    expect([...errors[1]!.children].map((cell) => cell.textContent)).toEqual(['AI gateway', 'Timed out', '2', dateTime(NOW - 3_600_000), 'No answer within 20 seconds']);
    // The charts (a chunk of their own) draw, with their series named in the interface language.
    await screen.findByRole('region', { name: 'Requests and errors over time' });
    const chart = (name: string) => screen.getByRole('region', { name });
    for (const name of ['Requests and errors over time', 'Provider breakdown', 'Language usage', 'Response time with and without context']) {
      await waitFor(() => expect(chart(name).querySelector('svg.recharts-surface'), name).not.toBeNull());
    }
    expect(within(chart('Requests and errors over time')).getByText('Requests')).toBeInTheDocument();
    expect(within(chart('Requests and errors over time')).getByText('Errors')).toBeInTheDocument();
    expect(within(chart('Provider breakdown')).getAllByText(/AI gateway|Built-in answers/).map((name) => name.textContent)).toEqual(
      expect.arrayContaining(['AI gateway', 'Built-in answers']),
    );
  });

  it('fetches the chosen period, and again on Refresh', async () => {
    giveElementsASize();
    const { api, openTab, user } = renderAi({
      'GET /admin/ai/metrics': ({ path }: ApiCall) => (path.endsWith('range=7d') ? { ...metrics, range: '7d', totalRequests: 512 } : metrics),
    });
    await openTab('AI System Metrics');
    await screen.findByRole('group', { name: 'Total requests' });
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(stat('Total requests')).toBe('512'));
    expect(api.callsTo('GET /admin/ai/metrics').map((call) => call.path)).toEqual(['/admin/ai/metrics?range=24h', '/admin/ai/metrics?range=7d']);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET /admin/ai/metrics')).toHaveLength(3));
    expect(api.callsTo('GET /admin/ai/metrics')[2]?.path).toBe('/admin/ai/metrics?range=7d');
  });

  it('takes a custom period of whole days, as the analytics do', async () => {
    giveElementsASize();
    const { api, openTab, user } = renderAi();
    await openTab('AI System Metrics');
    await screen.findByRole('group', { name: 'Total requests' });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-10');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-12');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const start = new Date(2026, 10, 10).getTime();
    const end = new Date(2026, 10, 13).getTime();
    await waitFor(() => expect(api.callsTo('GET /admin/ai/metrics').at(-1)?.path).toBe(`/admin/ai/metrics?range=custom&from=${start}&to=${end}`));
  });

  it('fetches the live numbers again every 30 seconds, only while their tab is shown', async () => {
    useFakeClock();
    giveElementsASize();
    const { api } = renderAi();
    await advance();
    fireEvent.click(screen.getByRole('tab', { name: 'AI Gateway' }));
    await advance();
    expect(api.callsTo('GET /admin/ai/status')).toHaveLength(1);
    await advance(30_000);
    expect(api.callsTo('GET /admin/ai/status')).toHaveLength(2);

    fireEvent.click(screen.getByRole('tab', { name: 'AI System Metrics' }));
    await advance(30_000);
    expect(api.callsTo('GET /admin/ai/metrics')).toHaveLength(2);
    expect(api.callsTo('GET /admin/ai/status')).toHaveLength(2);
  });

  it('says so when nobody asked anything in the period', async () => {
    const empty = { ...metrics, totalRequests: 0, successRate: null, averageResponseMs: null, timeline: [], providers: [], languages: [], models: [], errors: [] };
    const { openTab } = renderAi({ 'GET /admin/ai/metrics': empty });
    await openTab('AI System Metrics');
    expect(await screen.findByText('No questions have been asked in this period yet.')).toBeInTheDocument();
    expect(stat('Total requests')).toBe('0');
    expect(screen.getByRole('group', { name: 'Success rate' })).toHaveTextContent('—');
    expect(screen.queryByRole('table', { name: 'Model performance' })).not.toBeInTheDocument();
  });
});
