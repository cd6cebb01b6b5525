import { describe, expect, it } from 'vitest';

import { answerDrift } from '../../test/apiContract';
import { finderSchema, modelPageSchema } from './api';

describe('the shoe finder reads what the server documents', () => {
  it.each([
    ['get', '/api/finder', finderSchema],
    ['get', '/api/finder/models/{id}', modelPageSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
