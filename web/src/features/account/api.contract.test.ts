import { describe, expect, it } from 'vitest';

import { answerDrift } from '../../test/apiContract';
import { accountSchema, passwordChangedSchema, revokedSchema, sessionsSchema } from './api';

describe('the account page reads what the server documents', () => {
  it.each([
    ['get', '/api/account', accountSchema],
    ['patch', '/api/account', accountSchema],
    ['get', '/api/account/sessions', sessionsSchema],
    ['post', '/api/account/password', passwordChangedSchema],
    ['delete', '/api/account/sessions/others', revokedSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
