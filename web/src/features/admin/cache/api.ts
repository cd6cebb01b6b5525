import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { refresh } from '../../../lib/queryKeys';
import { ADMIN_KEY, adminKeys } from '../queryKeys';

/** The site's caches, in the server's order (server/src/caches.rs). */
export const CACHE_NAMES = ['publicReads', 'renderedPages', 'settings', 'assistantAnswers', 'retrievalIndex'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

export const CACHE_STATUSES = ['healthy', 'warning', 'critical'] as const;
export type CacheStatus = (typeof CACHE_STATUSES)[number];

/** The server publishes each instance's figures every 10 s: the screen asks as often. */
export const REFRESH_MS = 10_000;

/** A rate or an average, which has no value (null) before anything was counted. */
const measure = z.nullable(z.number());
const name = z.enum(CACHE_NAMES);
const status = z.enum(CACHE_STATUSES);

const figures = {
  queries: z.number(),
  hits: z.number(),
  misses: z.number(),
  hitRate: measure,
  missRate: measure,
  averageMissMs: measure,
  /** Hits and misses together (a hit counts as no time). */
  averageQueryMs: measure,
  entries: z.number(),
  bytes: z.number(),
  evictions: z.number(),
  status,
};

export const cacheReportSchema = z.object({
  caches: z.array(z.object({ name, ...figures, thresholds: z.object({ warningBelow: z.number(), criticalBelow: z.number() }) })),
  total: z.object(figures),
  instances: z.number(),
  minQueries: z.number(),
  history: z.array(z.object({ minute: z.number(), hitRate: measure, queries: z.number(), caches: z.array(z.object({ name, hitRate: measure, queries: z.number() })) })),
  redis: z.nullable(
    z.object({
      reachable: z.boolean(),
      usedMemoryBytes: measure,
      peakMemoryBytes: measure,
      keyspaceHits: measure,
      keyspaceMisses: measure,
      evictedKeys: measure,
      keys: measure,
      connectedClients: measure,
    }),
  ),
  generatedAt: z.number(),
});
export type CacheReport = z.infer<typeof cacheReportSchema>;
export type CacheFigures = CacheReport['caches'][number];
export type CacheTotals = CacheReport['total'];
export type RedisFigures = NonNullable<CacheReport['redis']>;

/** Every cache's figures, the totals, the last hour and Redis (GET /api/admin/cache), live while shown. */
export const cacheReportQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'cache'],
    queryFn: ({ signal }) => apiRequest('/admin/cache', { schema: cacheReportSchema, signal }),
    refetchInterval: REFRESH_MS,
  });

export const useCacheReport = () => useQuery(cacheReportQuery());

/** What a clear empties: one cache, or all of them. */
export type ClearTarget = CacheName | 'all';

/** Empties one cache or all (on every instance); the answer is the new report, shown at once. The clear is audited. */
export function useClearCache() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: ClearTarget) =>
      apiRequest(target === 'all' ? '/admin/cache' : `/admin/cache/${target}`, { method: 'DELETE', schema: cacheReportSchema }),
    onSuccess: (report) => {
      client.setQueryData(cacheReportQuery().queryKey, report);
      return refresh(client, [adminKeys.auditLogs]);
    },
  });
}
