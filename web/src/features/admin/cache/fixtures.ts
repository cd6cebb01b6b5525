import type { CacheFigures, CacheReport, RedisFigures } from './api';

/** The tests' moment: the report's minutes are counted back from it. */
export const NOW = Date.UTC(2026, 10, 23, 12, 0, 30);
const MINUTE = 60_000;

export const publicReads: CacheFigures = {
  name: 'publicReads',
  queries: 200,
  hits: 180,
  misses: 20,
  hitRate: 0.9,
  missRate: 0.1,
  averageMissMs: 4.25,
  averageQueryMs: 0.425,
  entries: 12,
  bytes: 48_300,
  evictions: 0,
  status: 'healthy',
  thresholds: { warningBelow: 0.8, criticalBelow: 0.5 },
};

/**
 * Public reads, settings (warning), assistant answers (critical) and the retrieval indexes (too few queries to
 * judge); no rendered pages. The site's status is theirs weighed by their queries: a warning.
 */
export const report: CacheReport = {
  caches: [
    publicReads,
    {
      name: 'settings',
      queries: 400,
      hits: 300,
      misses: 100,
      hitRate: 0.75,
      missRate: 0.25,
      averageMissMs: 0.42,
      averageQueryMs: 0.105,
      entries: 9,
      bytes: 2_100,
      evictions: 0,
      status: 'warning',
      thresholds: { warningBelow: 0.9, criticalBelow: 0.6 },
    },
    {
      name: 'assistantAnswers',
      queries: 500,
      hits: 0,
      misses: 500,
      hitRate: 0,
      missRate: 1,
      averageMissMs: 812,
      averageQueryMs: 812,
      entries: 50,
      bytes: 1_250_000,
      evictions: 3,
      status: 'critical',
      thresholds: { warningBelow: 0.1, criticalBelow: 0.02 },
    },
    {
      name: 'retrievalIndex',
      queries: 10,
      hits: 2,
      misses: 8,
      hitRate: 0.2,
      missRate: 0.8,
      averageMissMs: 1500,
      averageQueryMs: 1200,
      entries: 5,
      bytes: 3_400_000,
      evictions: 0,
      status: 'healthy',
      thresholds: { warningBelow: 0.9, criticalBelow: 0.6 },
    },
  ],
  total: {
    queries: 1110,
    hits: 482,
    misses: 628,
    hitRate: 0.4342,
    missRate: 0.5658,
    averageMissMs: 665.8,
    averageQueryMs: 376.7,
    entries: 76,
    bytes: 4_700_400,
    evictions: 3,
    status: 'warning',
  },
  instances: 2,
  minQueries: 100,
  // Queries in three minutes of the hour (the last two in a row), none in the others.
  history: Array.from({ length: 60 }, (_, index) => {
    const minute = NOW - 30_000 - (59 - index) * MINUTE;
    if (index === 40) return { minute, hitRate: 0.5, queries: 4, caches: [{ name: 'publicReads' as const, hitRate: 0.5, queries: 4 }] };
    if (index >= 58) {
      return {
        minute,
        hitRate: 0.8,
        queries: 10,
        caches: [
          { name: 'publicReads' as const, hitRate: 0.875, queries: 8 },
          { name: 'settings' as const, hitRate: 0.5, queries: 2 },
        ],
      };
    }
    return { minute, hitRate: null, queries: 0, caches: [] };
  }),
  redis: null,
  generatedAt: NOW,
};

/** The report once Public reads is cleared: it holds nothing. */
export const publicReadsCleared: CacheReport = {
  ...report,
  caches: report.caches.map((cache) => (cache.name === 'publicReads' ? { ...cache, entries: 0, bytes: 0 } : cache)),
  total: { ...report.total, entries: 64, bytes: 4_652_100 },
  generatedAt: NOW + 5_000,
};

/** The report once every cache is cleared. */
export const allCleared: CacheReport = {
  ...report,
  caches: report.caches.map((cache) => ({ ...cache, entries: 0, bytes: 0 })),
  total: { ...report.total, entries: 0, bytes: 0 },
  generatedAt: NOW + 5_000,
};

export const redis: RedisFigures = {
  reachable: true,
  usedMemoryBytes: 1_500_000,
  peakMemoryBytes: 2_000_000,
  keyspaceHits: 900,
  keyspaceMisses: 100,
  evictedKeys: 0,
  keys: 42,
  connectedClients: 3,
};
