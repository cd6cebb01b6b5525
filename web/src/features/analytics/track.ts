import type { createBrowserRouter } from 'react-router';

import { API_BASE } from '../../api/transport';
import { currentLanguage } from '../../i18n';

/** What the site's own analytics counts (server/src/analytics/collect.rs). */
export type AnalyticsEvent =
  | 'pageview'
  | 'chatOpened'
  | 'chatQuestion'
  | 'search'
  | 'productLink'
  | 'signup'
  | 'login'
  | 'languageChanged'
  | 'unsubscribed';

/** An event's details: the followed product and its brand, or a search's words and results. */
export interface EventDetails {
  brand?: string;
  target?: string;
  results?: number;
}

export const BEACON_URL = `${API_BASE}/analytics/event`;

/** The server's limits, in characters: longer fields are refused, so they are cut here. */
const MAX_ADDRESS = 2000;
const MAX_DETAIL = 200;
const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : Array.from(text).slice(0, max).join(''));

/** The referrer belongs to the visit's first page: later pages of the app were reached from within. */
let referrerSent = false;

interface PrivacyNavigator extends Navigator {
  globalPrivacyControl?: boolean;
}

/** Whether the browser asks not to be tracked (Do Not Track, Global Privacy Control). */
function asksNotToBeTracked(): boolean {
  const browser = navigator as PrivacyNavigator;
  return browser.doNotTrack === '1' || browser.globalPrivacyControl === true;
}

/**
 * Sends a page view or event to the site's own analytics: no cookie, nothing personal (the server keeps
 * a daily hash instead of the address). Nothing is sent from admin pages or when the browser asks not to
 * be tracked. `sendBeacon` survives leaving the page; `fetch` with keepalive is the fallback.
 */
export function track(name: AnalyticsEvent, details: EventDetails = {}): void {
  if (typeof window === 'undefined' || asksNotToBeTracked() || window.location.pathname.startsWith('/admin')) return;
  const referrer = referrerSent || document.referrer === '' ? undefined : document.referrer;
  referrerSent = true;
  const body = JSON.stringify({
    name,
    url: clip(window.location.href, MAX_ADDRESS),
    referrer: clip(referrer, MAX_ADDRESS),
    lang: currentLanguage(),
    browserLang: navigator.language || undefined,
    ...details,
    brand: clip(details.brand, MAX_DETAIL),
    target: clip(details.target, MAX_DETAIL),
  });
  if (navigator.sendBeacon?.(BEACON_URL, new Blob([body], { type: 'application/json' }))) return;
  fetch(BEACON_URL, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => {
    // A lost page view is not worth the visitor's attention.
  });
}

type Router = ReturnType<typeof createBrowserRouter>;

/** The page last counted, so a second subscription (React's development mode) counts nothing twice. */
let lastPage = '';

/** Counts the page shown now and every page the router moves to; answers the unsubscribe. */
export function trackPageViews(router: Router): () => void {
  const count = () => {
    const { pathname, search } = router.state.location;
    if (`${pathname}${search}` === lastPage) return;
    lastPage = `${pathname}${search}`;
    track('pageview');
  };
  count();
  return router.subscribe((state) => {
    if (state.navigation.state === 'idle') count();
  });
}
