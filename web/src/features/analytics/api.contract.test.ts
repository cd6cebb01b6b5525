import { describe, expect, it } from 'vitest';

import { answerDrift } from '../../test/apiContract';
import { cloudflareSchema, googleSchema } from './loadAnalytics';

describe('the analytics loader reads what the server documents', () => {
  it.each([
    ['get', '/api/config/analytics', googleSchema],
    ['get', '/api/config/cloudflare-analytics', cloudflareSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
