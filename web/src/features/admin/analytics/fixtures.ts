import type { AnalyticsReport, BreakdownName, BreakdownRow, LiveActivity } from './api';

/** The tests' moment: the report's hour ends at the next minute after it. */
export const NOW = Date.UTC(2026, 10, 24, 12, 0, 30);
const MINUTE = 60_000;
const TO = NOW - (NOW % MINUTE) + MINUTE;

const none = Object.fromEntries(
  (['pages', 'entryPages', 'exitPages', 'sources', 'utmCampaigns', 'languages', 'browserLanguages', 'browsers', 'operatingSystems', 'devices', 'events', 'products', 'brands', 'emptySearches', 'chatQuestions'] as const).map(
    (name) => [name, [] as BreakdownRow[]],
  ),
) as Record<BreakdownName, BreakdownRow[]>;

/** The last hour: two visitors, one from Google; a product followed and a search that found nothing. */
export const report: AnalyticsReport = {
  range: '1h',
  from: TO - 60 * MINUTE,
  to: TO,
  stepMs: MINUTE,
  headline: {
    visitors: { value: 2, previous: 1 },
    visits: { value: 2, previous: 2 },
    pageviews: { value: 3, previous: 4 },
    viewsPerVisit: { value: 1.5, previous: 2 },
    bounceRate: { value: 0.5, previous: 0.25 },
    averageVisitSecs: { value: 95, previous: 0 },
  },
  series: Array.from({ length: 60 }, (_, index) => ({ at: TO - (60 - index) * MINUTE, visitors: index === 59 ? 2 : 0, pageviews: index === 59 ? 3 : 0 })),
  breakdowns: {
    ...none,
    pages: [
      { value: '/brands', visitors: 2, count: 2 },
      { value: '/', visitors: 1, count: 1 },
    ],
    sources: [
      { value: '', visitors: 1, count: 1 },
      { value: 'Google', visitors: 1, count: 1 },
    ],
    languages: [
      { value: 'he', visitors: 1, count: 2 },
      { value: 'en', visitors: 1, count: 1 },
    ],
    devices: [{ value: 'mobile', visitors: 2, count: 2 }],
    events: [{ value: 'productLink', visitors: 1, count: 1 }],
    products: [{ value: 'Heritage', visitors: 1, count: 1 }],
    emptySearches: [{ value: 'glitter', visitors: 1, count: 1 }],
  },
  filters: [],
  bots: 4,
  dropped: 0,
};

export const live: LiveActivity = {
  visitorsNow: 2,
  recent: [
    { at: NOW - 5_000, name: 'search', path: '/brands', lang: 'en', source: '', browser: 'Safari', os: 'iPhone', device: 'mobile', target: 'glitter', brand: '', results: 0 },
    { at: NOW - 9_000, name: 'pageview', path: '/brands', lang: 'en', source: '', browser: 'Safari', os: 'iPhone', device: 'mobile', target: '', brand: '', results: null },
  ],
};
