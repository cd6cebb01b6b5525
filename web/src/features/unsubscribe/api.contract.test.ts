import { describe, expect, it } from 'vitest';

import { answerDrift } from '../../test/apiContract';
import { subscriptionSchema, unsubscribedSchema } from './api';

describe('the unsubscribe page reads what the server documents', () => {
  it.each([
    ['get', '/api/email/subscription', subscriptionSchema],
    ['post', '/api/email/unsubscribe', unsubscribedSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
