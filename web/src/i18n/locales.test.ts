import { describe, expect, it } from 'vitest';

import { errorFromAnswer } from '../api/errors';
import { checkNamespace, leaves } from '../test/localeChecks';
import { interfaceTexts } from '../test/locales';
import { SERVER_CODES, SERVER_TEXTS, serverCodeKey } from './serverTexts';

checkNamespace('interface', interfaceTexts);

const english = leaves(interfaceTexts.en);

describe('server texts', () => {
  it('are the English locale\'s messages, word for word', () => {
    const differing = Object.entries(SERVER_TEXTS).filter(([text, key]) => english.get(`messages.${key}`) !== text);
    expect(differing).toEqual([]);
  });
});

describe('server error codes', () => {
  it('name keys the English locale has', () => {
    const missing = Object.entries(SERVER_CODES).filter(([, key]) => english.get(`messages.${key}`) === undefined);
    expect(missing).toEqual([]);
  });

  it('are read from an error answer', () => {
    const error = errorFromAnswer({ error: 'Invalid username or password', code: 'invalid_credentials' }, 401);
    expect([error.code, serverCodeKey(error.code)]).toEqual(['invalid_credentials', 'invalidCredentials']);
    expect(serverCodeKey(errorFromAnswer({ error: 'Something new' }, 400).code)).toBeUndefined();
    // A database out of reach or a request out of time: 503, in the interface's language too.
    const unavailable = errorFromAnswer({ error: 'The site is briefly unavailable. Please try again in a moment.', code: 'unavailable', retryAfter: 5 }, 503);
    expect(serverCodeKey(unavailable.code)).toBe('unavailable');
    expect(serverCodeKey('timed_out')).toBe('timedOut');
  });
});
