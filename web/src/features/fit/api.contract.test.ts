import { describe, expect, it } from 'vitest';

import { answerDrift } from '../../test/apiContract';
import { profileDeletedSchema, recommendationsSchema, storedProfileSchema } from './api';

describe('the fit profile page reads what the server documents', () => {
  it.each([
    ['get', '/api/fit-profile', storedProfileSchema],
    ['put', '/api/fit-profile', storedProfileSchema],
    ['delete', '/api/fit-profile', profileDeletedSchema],
    ['post', '/api/fit/recommendations', recommendationsSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
