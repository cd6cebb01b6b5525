import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../test/fetchMock';
import { mockApi, type Route } from '../../test/auth';
import { CLOUDFLARE_BEACON_PATH, GTAG_PATH, loadAnalytics } from './loadAnalytics';

const TOKEN = '0123456789abcdef0123456789abcdef';
const scripts = () => [...document.head.querySelectorAll('script')];
const CLOUDFLARE_BEACON_URL = `${window.location.origin}${CLOUDFLARE_BEACON_PATH}`;

function serve(google: Route, cloudflare: Route) {
  return mockApi({ 'GET /config/analytics': google, 'GET /config/cloudflare-analytics': cloudflare });
}

describe('loadAnalytics', () => {
  afterEach(() => {
    for (const script of scripts()) script.remove();
    delete window.gtag;
    delete window.dataLayer;
  });

  it('adds nothing when both are disabled, even with an id and a token kept', async () => {
    const api = serve({ enabled: false, measurementId: 'G-AB12CD34' }, { enabled: false, token: TOKEN });
    await loadAnalytics();
    expect(api.calls.map((call) => call.path).sort()).toEqual(['/config/analytics', '/config/cloudflare-analytics']);
    expect(scripts()).toEqual([]);
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it("adds Google's gtag script through the site's proxy, and queues its start with the proxy as its transport", async () => {
    serve({ enabled: true, measurementId: 'G-AB12CD34' }, { enabled: false, token: '' });
    await loadAnalytics();
    expect(scripts().map((script) => script.src)).toEqual([`${window.location.origin}${GTAG_PATH}`]);
    expect(scripts()[0]?.async).toBe(true);
    // Each entry is the `arguments` of a gtag call, as gtag.js expects.
    expect(window.dataLayer?.map((entry) => Array.from(entry as ArrayLike<unknown>))).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-AB12CD34', { transport_url: `${window.location.origin}/api/analytics/proxy/google` }],
    ]);
    window.gtag?.('event', 'page_view');
    expect(window.dataLayer).toHaveLength(3);
  });

  it("adds Cloudflare's beacon through the site's proxy, with its token and the proxy as where it reports", async () => {
    serve({ enabled: false, measurementId: '' }, { enabled: true, token: TOKEN });
    await loadAnalytics();
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe(CLOUDFLARE_BEACON_URL);
    expect(JSON.parse(scripts()[0]?.getAttribute('data-cf-beacon') ?? '')).toEqual({
      token: TOKEN,
      send: { to: `${window.location.origin}/api/analytics/proxy/cloudflare/cdn-cgi/rum` },
    });
    expect(window.gtag).toBeUndefined();
  });

  it('adds each script once when started twice', async () => {
    serve({ enabled: true, measurementId: 'G-AB12CD34' }, { enabled: true, token: TOKEN });
    await loadAnalytics();
    await loadAnalytics();
    expect(scripts()).toHaveLength(2);
  });

  it('logs a failure and still loads the other one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(jsonResponse({ error: 'Not found', code: 'not_found' }, 404), { enabled: true, token: TOKEN });
    await expect(loadAnalytics()).resolves.toBeUndefined();
    expect(scripts().map((script) => script.src)).toEqual([CLOUDFLARE_BEACON_URL]);
    expect(logged).toHaveBeenCalledWith('Could not load the web analytics', expect.objectContaining({ message: 'Not found' }));
  });
});
