import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
export const CLOUDFLARE_BEACON_URL = 'https://static.cloudflareinsights.com/beacon.min.js';

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
  window.gtag('config', measurementId);
  addScript(`${GTAG_URL}?id=${encodeURIComponent(measurementId)}`);
}

async function loadGoogle() {
  const config = await apiRequest('/config/analytics', { schema: googleSchema });
  if (config.enabled && config.measurementId.trim() !== '') startGoogle(config.measurementId.trim());
}

async function loadCloudflare() {
  const config = await apiRequest('/config/cloudflare-analytics', { schema: cloudflareSchema });
  if (config.enabled && config.token.trim() !== '') {
    addScript(CLOUDFLARE_BEACON_URL, { 'data-cf-beacon': JSON.stringify({ token: config.token.trim() }) });
  }
}

/**
 * Loads the web analytics the admin turned on (spec §7): Google's gtag and Cloudflare's beacon, each
 * only when its configuration says enabled. A failure is logged (spec §8) and the page goes on without it.
 */
export async function loadAnalytics(): Promise<void> {
  const results = await Promise.allSettled([loadGoogle(), loadCloudflare()]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Could not load the web analytics', result.reason);
  }
}
