import { describe, expect, it } from 'vitest';

import { answerDrift } from '../test/apiContract';
import { signedInSchema, verifiedSchema } from './session/api';
import { publicSiteSchema } from './siteConfig';

describe('the shared calls read what the server documents', () => {
  it.each([
    ['get', '/api/config/site', publicSiteSchema, { everyFieldSent: true }],
    ['post', '/api/auth/verify', verifiedSchema, {}],
    ['post', '/api/auth/refresh', signedInSchema, {}],
  ] as const)('%s %s', (method, path, schema, reading) => {
    expect(answerDrift(schema, method, path, reading)).toEqual([]);
  });
});
