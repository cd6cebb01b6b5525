import type { Route } from '../../../test/auth';
import type { AiMetrics, AiStatus } from './api';
import type { ProviderSettings } from './providerSettings';

/** The tests' moment: times in the answers are counted back from it. */
export const NOW = Date.UTC(2026, 10, 23, 12, 0);
const HOUR = 3_600_000;

export const status: AiStatus = {
  providers: [
    { provider: 'gateway', configured: true, available: true, circuit: 'closed', model: 'smollm2', lastUsed: NOW - HOUR, responseTimeMs: 812, lastError: null },
    {
      provider: 'edge',
      configured: true,
      available: false,
      circuit: 'open',
      model: '@cf/meta/llama-3.1-8b-instruct',
      lastUsed: null,
      responseTimeMs: null,
      lastError: 'Workers AI answered 401 Unauthorized',
    },
    { provider: 'basic', configured: true, available: true, circuit: 'closed', model: 'basic', lastUsed: NOW - 2 * HOUR, responseTimeMs: 12, lastError: null },
  ],
  lastAnswer: { provider: 'basic', model: 'basic', ragType: 'hybrid', ragEnabled: true, sources: 3, contextLength: 1840, responseTimeMs: 12, at: NOW - 2 * HOUR },
  index: { documents: { he: 31, en: 32, ru: 33, fr: 34, es: 35 }, builtAt: NOW - 5 * HOUR },
};

export const metrics: AiMetrics = {
  range: '24h',
  from: NOW - 24 * HOUR,
  to: NOW,
  totalRequests: 42,
  successRate: 0.95,
  averageResponseMs: 300,
  totalTokens: 1234,
  cacheHitRate: 0.1,
  contextUsage: { withContext: 30, withoutContext: 12, averageContextChars: 1500 },
  timeline: [
    { at: NOW - 2 * HOUR, requests: 20, errors: 1 },
    { at: NOW - HOUR, requests: 22, errors: 1 },
  ],
  providers: [
    { provider: 'gateway', requests: 10 },
    { provider: 'basic', requests: 32 },
  ],
  languages: [
    { lang: 'he', requests: 30 },
    { lang: 'en', requests: 12 },
  ],
  timing: { withContextMs: 320, withoutContextMs: 250 },
  models: [
    { provider: 'gateway', model: 'smollm2', requests: 10, successRate: 0.8, averageMs: 900, tokens: 1234 },
    { provider: 'basic', model: 'basic', requests: 32, successRate: 1, averageMs: 12, tokens: 0 },
  ],
  errors: [{ provider: 'gateway', errorType: 'timeout', occurrences: 2, lastOccurred: NOW - HOUR, lastMessage: 'No answer within 20 seconds' }],
  feedback: { up: 7, down: 2 },
};

export const providerSettings: ProviderSettings = {
  gateway: { enabled: true, baseUrl: 'http://127.0.0.1:8081/v1', apiKey: '********', timeoutSeconds: 20 },
  edge: { enabled: false, accountId: '', apiToken: '', model: '@cf/meta/llama-3.1-8b-instruct', baseUrl: 'https://api.cloudflare.com/client/v4', timeoutSeconds: 20 },
  questionsPerHour: 600,
};

/** What the AI screen loads: status, metrics of any range, and the two settings it shows. */
export const aiRoutes: Record<string, Route> = {
  'GET /admin/ai/status': status,
  'GET /admin/ai/metrics': metrics,
  'GET /admin/settings/ai-models': { models: { en: 'smollm2', he: 'smollm2', ru: 'smollm2', fr: 'smollm2', es: 'smollm2' }, choices: ['smollm2'] },
  'GET /admin/settings/ai-providers': providerSettings,
};
