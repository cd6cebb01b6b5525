import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { RANGES, setRangeParams, type RangeName, type ReportRange } from '../components/reportRange';
import { ADMIN_KEY } from '../queryKeys';

const KEY = [...ADMIN_KEY, 'analytics'] as const;

export const DEFAULT_RANGE: RangeName = '7d';

/** The breakdowns, in the screen's order, and the filter a click on a row sets (none: not a filter). */
export const BREAKDOWNS = {
  pages: 'page',
  entryPages: 'entryPage',
  exitPages: 'exitPage',
  sources: 'source',
  utmCampaigns: 'utmCampaign',
  languages: 'siteLang',
  browserLanguages: 'browserLang',
  browsers: 'browser',
  operatingSystems: 'os',
  devices: 'device',
  events: 'event',
  products: 'product',
  brands: 'brand',
  emptySearches: undefined,
  chatQuestions: 'siteLang',
} as const;
export type BreakdownName = keyof typeof BREAKDOWNS;

/** Every filter the server takes (server/src/analytics/scope.rs). */
export const FILTERS = ['page', 'entryPage', 'exitPage', 'source', 'utmCampaign', 'siteLang', 'browserLang', 'browser', 'os', 'device', 'event', 'product', 'brand'] as const;
export type FilterName = (typeof FILTERS)[number];
export type Filters = Partial<Record<FilterName, string>>;

/** The visitors-now figure and the recent activity are asked for this often. */
export const LIVE_REFRESH_MS = 10_000;

const figure = z.object({ value: z.number(), previous: z.number() });
const breakdownRow = z.object({ value: z.string(), visitors: z.number(), count: z.number() });
const breakdownSchemas = Object.fromEntries(Object.keys(BREAKDOWNS).map((name) => [name, z.array(breakdownRow)])) as Record<
  BreakdownName,
  z.ZodMiniArray<typeof breakdownRow>
>;

export const reportSchema = z.object({
  range: z.enum(RANGES),
  from: z.number(),
  to: z.number(),
  stepMs: z.number(),
  headline: z.object({
    visitors: figure,
    visits: figure,
    pageviews: figure,
    viewsPerVisit: figure,
    bounceRate: figure,
    averageVisitSecs: figure,
  }),
  series: z.array(z.object({ at: z.number(), visitors: z.number(), pageviews: z.number() })),
  breakdowns: z.object(breakdownSchemas),
  filters: z.array(z.object({ name: z.string(), value: z.string() })),
  bots: z.number(),
  dropped: z.number(),
});
export type AnalyticsReport = z.infer<typeof reportSchema>;
export type Figure = z.infer<typeof figure>;
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const liveSchema = z.object({
  visitorsNow: z.number(),
  recent: z.array(
    z.object({
      at: z.number(),
      name: z.string(),
      path: z.string(),
      lang: z.string(),
      source: z.string(),
      browser: z.string(),
      os: z.string(),
      device: z.string(),
      target: z.string(),
      brand: z.string(),
      results: z.nullable(z.number()),
    }),
  ),
});
export type LiveActivity = z.infer<typeof liveSchema>;
export type RecentHit = LiveActivity['recent'][number];

/** What the screen shows: a period and the filters. */
export interface Selection extends ReportRange {
  filters: Filters;
}

function filterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = filters[name];
    if (value !== undefined) params.set(name, value);
  }
  return params;
}

/** The report's query string. */
export function reportQuery(selection: Selection): string {
  return setRangeParams(filterParams(selection.filters), selection).toString();
}

/** The range's figures, chart and breakdowns (GET /api/admin/analytics); the last answer stays while the next loads. */
export function analyticsReportQuery(selection: Selection) {
  const query = reportQuery(selection);
  return queryOptions({
    queryKey: [...KEY, 'report', query],
    queryFn: ({ signal }) => apiRequest(`/admin/analytics?${query}`, { schema: reportSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useAnalyticsReport = (selection: Selection) => useQuery(analyticsReportQuery(selection));

/** Visitors now and the latest page views and events (GET /api/admin/analytics/live), live while shown. */
export function liveActivityQuery(filters: Filters) {
  const query = filterParams(filters).toString();
  return queryOptions({
    queryKey: [...KEY, 'live', query],
    queryFn: ({ signal }) => apiRequest(`/admin/analytics/live?${query}`, { schema: liveSchema, signal }),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export const useLiveActivity = (filters: Filters) => useQuery(liveActivityQuery(filters));
