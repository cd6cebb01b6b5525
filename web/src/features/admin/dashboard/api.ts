import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { adminKeys } from '../queryKeys';

export const statsSchema = z.object({ users: z.number(), brands: z.number(), products: z.number(), posts: z.number(), activeSessions: z.number() });
export type Stats = z.infer<typeof statsSchema>;

/** How the site is doing; a figure is null when the admin's permissions do not open its screen. */
const dayTrafficSchema = z.object({ day: z.number(), visitors: z.number(), pageviews: z.number() });
export type DayTraffic = z.infer<typeof dayTrafficSchema>;

export const overviewSchema = z.object({
  traffic: z.nullable(z.array(dayTrafficSchema)),
  newMembers: z.nullable(z.number()),
  lastCampaign: z.nullable(z.object({ id: z.string(), name: z.string(), finishedAt: z.nullable(z.number()), sent: z.number(), openRate: z.number() })),
  assistant: z.nullable(z.object({ requests: z.number(), successRate: z.nullable(z.number()) })),
  unresolvedCrashes: z.nullable(z.number()),
  cache: z.nullable(z.object({ hitRate: z.nullable(z.number()) })),
});
export type Overview = z.infer<typeof overviewSchema>;

/** Refreshed every minute while the dashboard is open. */
const OVERVIEW_REFRESH_MS = 60_000;

export const statsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiRequest('/admin/stats', { schema: statsSchema, signal }),
  });

export const useStats = () => useQuery(statsQuery());

export const overviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => apiRequest('/admin/overview', { schema: overviewSchema, signal }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

export const useOverview = () => useQuery(overviewQuery());
