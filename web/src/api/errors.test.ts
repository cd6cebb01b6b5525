import { describe, expect, it } from 'vitest';

import { errorFromAnswer } from './errors';

describe('an error answer', () => {
  it('gives its code, its values and each field’s problem, leaving out what is malformed', () => {
    const error = errorFromAnswer(
      {
        error: 'Must be at most 200 characters',
        code: 'invalid_fields',
        values: { kept: 'yes', dropped: 3 },
        fields: {
          name: { code: 'too_long', message: 'Must be at most 200 characters', values: { max: '200', dropped: 200 } },
          slug: { code: 'not_a_slug', message: 'Use lowercase letters, digits and hyphens only' },
          noCode: { message: 'A problem without its code' },
          sentence: 'An English sentence, as older servers sent',
        },
      },
      400,
    );
    expect(error.code).toBe('invalid_fields');
    expect(error.values).toEqual({ kept: 'yes' });
    expect(error.fields).toEqual({
      name: { code: 'too_long', message: 'Must be at most 200 characters', values: { max: '200' } },
      slug: { code: 'not_a_slug', message: 'Use lowercase letters, digits and hyphens only' },
    });
  });

  it('is told by its first field’s problem when invalid, by its wait when rate-limited, else by its own', () => {
    const invalid = errorFromAnswer({ error: 'Invalid email address', code: 'invalid_fields', fields: { email: { code: 'invalid_email', message: 'Invalid email address' } } }, 400);
    expect(invalid.problem).toEqual({ code: 'invalid_email', message: 'Invalid email address' });
    const limited = errorFromAnswer({ error: 'Too many attempts. Please wait and try again.', code: 'rate_limited', retryAfter: 30 }, 429);
    expect(limited.problem).toMatchObject({ code: 'rate_limited', values: { seconds: '30' } });
    const failed = errorFromAnswer({ error: 'The test e-mail could not be sent: refused', code: 'test_email_failed', values: { reason: 'refused' } }, 502);
    expect(failed.problem).toEqual({ code: 'test_email_failed', values: { reason: 'refused' }, message: 'The test e-mail could not be sent: refused' });
  });

  it('without a text is the client’s request_failed with its status', () => {
    expect(errorFromAnswer(undefined, 502).problem).toMatchObject({ code: 'request_failed', values: { status: '502' } });
  });
});
