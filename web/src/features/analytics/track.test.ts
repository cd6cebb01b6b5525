import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '../../test/fetchMock';
import { BEACON_URL, track } from './track';

const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);

/** The bodies the beacon sent, as JSON. */
async function sentBeacons(): Promise<unknown[]> {
  return Promise.all(sendBeacon.mock.calls.map(async ([url, body]) => {
    expect(url).toBe(BEACON_URL);
    return JSON.parse(await (body as Blob).text()) as unknown;
  }));
}

const setPrivacy = (doNotTrack: string | null, globalPrivacyControl?: boolean) => {
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: doNotTrack });
  Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: globalPrivacyControl });
};

describe('track', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    window.history.replaceState(null, '', '/brands?utm_source=news');
    setPrivacy(null);
    sendBeacon.mockClear().mockReturnValue(true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("sends the page's address and language, the browser's language, and the referrer once per visit", async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.google.com/');
    track('pageview');
    track('search', { target: 'glitter', results: 0 });
    const [first, second] = await sentBeacons();
    expect(first).toEqual({ name: 'pageview', url: 'http://localhost:3000/brands?utm_source=news', referrer: 'https://www.google.com/', lang: 'fr', browserLang: navigator.language });
    expect(second).toEqual({ name: 'search', url: 'http://localhost:3000/brands?utm_source=news', lang: 'fr', browserLang: navigator.language, target: 'glitter', results: 0 });
  });

  it('cuts a search or a product name to the 200 characters the server takes, whole characters only', async () => {
    track('search', { target: `${'a'.repeat(199)}😀😀`, results: 0 });
    const [sent] = (await sentBeacons()) as { target: string }[];
    expect(Array.from(sent!.target)).toHaveLength(200);
    expect(sent!.target.endsWith('a😀')).toBe(true);
  });

  it('sends nothing when the browser asks not to be tracked, nor from admin pages', async () => {
    setPrivacy('1');
    track('pageview');
    setPrivacy(null, true);
    track('pageview');
    setPrivacy(null);
    window.history.replaceState(null, '', '/admin/analytics');
    track('pageview');
    expect(await sentBeacons()).toEqual([]);
  });

  it('falls back to a kept-alive fetch when the beacon is refused', () => {
    sendBeacon.mockReturnValue(false);
    const fetchMock = mockFetch(() => new Response(null, { status: 202 }));
    track('chatOpened');
    expect(fetchMock).toHaveBeenCalledWith(BEACON_URL, expect.objectContaining({ method: 'POST', keepalive: true }));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({ name: 'chatOpened', lang: 'fr' });
  });
});
