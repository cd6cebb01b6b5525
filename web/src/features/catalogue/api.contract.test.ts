import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { answerDrift } from '../../test/apiContract';
import { brandSchema, productSchema } from './api';

describe('the catalogue reads what the server documents', () => {
  it.each([
    ['get', '/api/brands', z.array(brandSchema)],
    ['get', '/api/brands/{id}', brandSchema],
    ['get', '/api/products', z.array(productSchema)],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
