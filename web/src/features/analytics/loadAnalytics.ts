import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';

/**
 * The services' scripts and reports go through the site's own origin (server/src/analytics/proxy.rs): the
 * server forwards them without the visitor's IP address or cookies, and no other host is contacted.
 */
const PROXY = '/api/analytics/proxy';
export const GTAG_PATH = `${PROXY}/google/gtag.js`;
export const CLOUDFLARE_BEACON_PATH = `${PROXY}/cloudflare/beacon.min.js`;
const proxied = (path: string) => new URL(path, window.location.origin).href;

export const googleSchema = z.object({ enabled: z.boolean(), measurementId: z.string() });
export const cloudflareSchema = z.object({ enabled: z.boolean(), token: z.string() });

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Adds `src` once (a second start-up, as React's development mode does, adds nothing). */
function addScript(src: string, attributes: Record<string, string> = {}) {
  if ([...document.scripts].some((script) => script.src === src)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

/** Google's snippet, as bundled code: the page's CSP allows no inline script. */
function startGoogle(measurementId: string) {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, not arrays: the function must push its `arguments`.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js needs the `arguments` object itself (see above).
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  // Hits go to `${transport_url}/g/collect`, which the server passes on to Google.
  window.gtag('config', measurementId, { transport_url: proxied(`${PROXY}/google`) });
  addScript(proxied(GTAG_PATH));
}

async function loadGoogle() {
  const config = await apiRequest('/config/analytics', { schema: googleSchema });
  if (config.enabled && config.measurementId.trim() !== '') startGoogle(config.measurementId.trim());
}

async function loadCloudflare() {
  const config = await apiRequest('/config/cloudflare-analytics', { schema: cloudflareSchema });
  if (config.enabled && config.token.trim() !== '') {
    const beacon = { token: config.token.trim(), send: { to: proxied(`${PROXY}/cloudflare/cdn-cgi/rum`) } };
    addScript(proxied(CLOUDFLARE_BEACON_PATH), { 'data-cf-beacon': JSON.stringify(beacon) });
  }
}

/**
 * Loads the web analytics the admin turned on (spec §7): Google's gtag and Cloudflare's beacon, each
 * only when its configuration says enabled, through the site's proxy. A failure is logged (spec §8) and the page goes on without it.
 */
export async function loadAnalytics(): Promise<void> {
  const results = await Promise.allSettled([loadGoogle(), loadCloudflare()]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Could not load the web analytics', result.reason);
  }
}
