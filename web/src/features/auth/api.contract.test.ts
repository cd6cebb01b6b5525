import { describe, expect, it } from 'vitest';

import { signedInSchema } from '../../lib/session/api';
import { answerDrift } from '../../test/apiContract';
import { authAnswerSchema, codeStepSchema, messageSchema } from './api';
import { challengeSchema } from './botcheck/BotCheck';

describe('sign-in and sign-up read what the server documents', () => {
  it.each([
    ['post', '/api/auth/login', authAnswerSchema],
    ['post', '/api/auth/signup', authAnswerSchema],
    ['post', '/api/auth/verify-code', signedInSchema],
    ['post', '/api/auth/resend-code', codeStepSchema],
    ['post', '/api/auth/request-password-reset', messageSchema],
    ['post', '/api/auth/reset-password', messageSchema],
    ['get', '/api/auth/bot-check', challengeSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });
});
