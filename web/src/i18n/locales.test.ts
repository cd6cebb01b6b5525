import { renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { errorFromAnswer } from '../api/errors';
import { LANGUAGES } from './languages';
import { checkNamespace, leaves } from '../test/localeChecks';
import { interfaceTexts, localeText } from '../test/locales';
import { CLIENT_CODES, messageKey, SERVER_CODES } from './serverTexts';
import { useMessageText } from './useMessageText';

checkNamespace('interface', interfaceTexts);

const english = leaves(interfaceTexts.en);

describe("the client's request_failed", () => {
  it('keeps its status in every language', async () => {
    const error = errorFromAnswer(null, 502);
    expect([error.message, error.code, error.values]).toEqual(['Request failed with status 502', 'request_failed', { status: '502' }]);
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      const { result } = renderHook(() => useMessageText());
      const shown = result.current.errorText(error);
      expect(shown).toBe(localeText(language, 'messages.requestFailedStatus', { status: 502 }));
      expect(shown).toContain('502');
      expect(shown).not.toContain('{{');
    }
    await i18n.changeLanguage('en');
  });
});

describe('error codes', () => {
  it('name keys the English locale has', () => {
    const missing = Object.entries({ ...SERVER_CODES, ...CLIENT_CODES }).filter(([, key]) => english.get(`messages.${key}`) === undefined);
    expect(missing).toEqual([]);
  });

  it('are read from an error answer', () => {
    const error = errorFromAnswer({ error: 'Invalid username or password', code: 'invalid_credentials' }, 401);
    expect([error.code, messageKey(error.code)]).toEqual(['invalid_credentials', 'invalidCredentials']);
    expect(messageKey(errorFromAnswer({ error: 'Something new' }, 400).code)).toBeUndefined();
    // A database out of reach or a request out of time: 503, in the interface's language too.
    const unavailable = errorFromAnswer({ error: 'The site is briefly unavailable. Please try again in a moment.', code: 'unavailable', retryAfter: 5 }, 503);
    expect(messageKey(unavailable.code)).toBe('unavailable');
    expect(messageKey('timed_out')).toBe('timedOut');
  });

  it('show the values of their answer, and an unknown code the server\'s words', async () => {
    await i18n.changeLanguage('he');
    const { result } = renderHook(() => useMessageText());
    const busy = errorFromAnswer({ error: 'Too many attempts. Please wait and try again.', code: 'rate_limited', retryAfter: 30 }, 429);
    expect(result.current.errorText(busy)).toBe(localeText('he', 'messages.rateLimited', { seconds: 30 }));
    expect(result.current.errorText(errorFromAnswer({ error: 'A rule the interface has no words for', code: 'something_new' }, 400))).toBe('A rule the interface has no words for');
    await i18n.changeLanguage('en');
  });
});
