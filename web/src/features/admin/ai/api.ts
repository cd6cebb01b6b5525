import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { ADMIN_KEY } from '../queryKeys';
import { postOnce } from '../components/postOnce';
import { RANGES, setRangeParams, type ReportRange } from '../components/reportRange';

const KEY = [...ADMIN_KEY, 'ai'] as const;

/** The assistant's provider chain, in its order (docs/assistant.md). */
export const PROVIDERS = ['gateway', 'edge', 'basic'] as const;
export type Provider = (typeof PROVIDERS)[number];

const ERROR_TYPES = ['timeout', 'connection', 'notConfigured', 'privateAddress', 'status', 'invalid', 'empty', 'language', 'grounding'] as const;

/** Status and metrics are live: fetched again this often while their tab is shown. */
const REFRESH_MS = 30_000;

const provider = z.enum(PROVIDERS);
/** An average or a rate, which has no value (null) before anything was counted. */
const measure = z.nullable(z.number());
const perLanguage = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.number()])) as Record<Language, z.ZodMiniNumber>);

export const statusSchema = z.object({
  providers: z.array(
    z.object({
      provider,
      configured: z.boolean(),
      available: z.boolean(),
      circuit: z.enum(['closed', 'open', 'halfOpen']),
      model: z.string(),
      lastUsed: z.nullable(z.number()),
      responseTimeMs: measure,
      lastError: z.nullable(z.string()),
    }),
  ),
  lastAnswer: z.nullable(
    z.object({
      provider,
      model: z.string(),
      ragType: z.enum(['hybrid', 'strict', 'none']),
      ragEnabled: z.boolean(),
      sources: z.number(),
      contextLength: z.number(),
      responseTimeMs: z.number(),
      at: z.number(),
    }),
  ),
  index: z.object({ documents: perLanguage, builtAt: z.number() }),
});
export type AiStatus = z.infer<typeof statusSchema>;
export type ProviderStatus = AiStatus['providers'][number];

export const metricsSchema = z.object({
  range: z.enum(RANGES),
  from: z.number(),
  to: z.number(),
  totalRequests: z.number(),
  successRate: measure,
  averageResponseMs: measure,
  totalTokens: z.number(),
  cacheHitRate: measure,
  contextUsage: z.object({ withContext: z.number(), withoutContext: z.number(), averageContextChars: measure }),
  timeline: z.array(z.object({ at: z.number(), requests: z.number(), errors: z.number() })),
  providers: z.array(z.object({ provider, requests: z.number() })),
  languages: z.array(z.object({ lang: z.string(), requests: z.number() })),
  timing: z.object({ withContextMs: measure, withoutContextMs: measure }),
  models: z.array(z.object({ provider, model: z.string(), requests: z.number(), successRate: measure, averageMs: measure, tokens: z.number() })),
  errors: z.array(
    z.object({ provider, errorType: z.enum(ERROR_TYPES), occurrences: z.number(), lastOccurred: z.number(), lastMessage: z.string() }),
  ),
  feedback: z.object({ up: z.number(), down: z.number() }),
});
export type AiMetrics = z.infer<typeof metricsSchema>;

const sourceSchema = z.object({ kind: z.string(), id: z.string(), title: z.string(), link: z.string() });

export const testResultSchema = z.object({
  ok: z.boolean(),
  answer: z.nullable(z.string()),
  provider,
  model: z.nullable(z.string()),
  durationMs: z.number(),
  firstTokenMs: z.nullable(z.number()),
  sources: z.array(sourceSchema),
  /** Why the provider's answer was not used, when `ok` is false. */
  errorType: z.nullable(z.enum(ERROR_TYPES)),
  /** The detail beside `errorType`: the provider's own words, as it gave them. */
  error: z.nullable(z.string()),
});
export type AiTestResult = z.infer<typeof testResultSchema>;

/** The provider chain, the last answer and the search index (GET /api/admin/ai/status). */
export const aiStatusQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'status'],
    queryFn: ({ signal }) => apiRequest('/admin/ai/status', { schema: statusSchema, signal }),
    refetchInterval: REFRESH_MS,
  });

export const useAiStatus = () => useQuery(aiStatusQuery());

/** The assistant's numbers over a period; while another period loads, the last one stays on screen. */
export const aiMetricsQuery = (period: ReportRange) => {
  const query = setRangeParams(new URLSearchParams(), period).toString();
  return queryOptions({
    queryKey: [...KEY, 'metrics', query],
    queryFn: ({ signal }) => apiRequest(`/admin/ai/metrics?${query}`, { schema: metricsSchema, signal }),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
};

export const useAiMetrics = (period: ReportRange) => useQuery(aiMetricsQuery(period));

interface AiTestRequest {
  provider: Provider;
  language: Language;
  question: string;
}

/** Asks one provider directly (POST /api/admin/ai/test), past the circuit breaker and the cache. */
export const runAiTest = (request: AiTestRequest) => postOnce('/admin/ai/test', request, testResultSchema);
