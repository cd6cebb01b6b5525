import { renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { errorFromAnswer } from '../api/errors';
import { LANGUAGES } from './languages';
import { checkNamespace, leaves } from '../test/localeChecks';
import { interfaceTexts, localeText } from '../test/locales';
import { SERVER_CODES, SERVER_PATTERNS, SERVER_TEXTS, serverCodeKey, serverTextKey } from './serverTexts';
import { useMessageText } from './useMessageText';

checkNamespace('interface', interfaceTexts);

const english = leaves(interfaceTexts.en);

describe('server texts', () => {
  it('are the English locale\'s messages, word for word', () => {
    const differing = Object.entries(SERVER_TEXTS).filter(([text, key]) => english.get(`messages.${key}`) !== text);
    expect(differing).toEqual([]);
  });

  it('with a number are the English locale\'s messages with their placeholders', () => {
    for (const [pattern, key, names] of SERVER_PATTERNS) {
      const text = english.get(`messages.${key}`) ?? '';
      const filled = names.reduce((filling, name, index) => filling.replace(`{{${name}}}`, String(100 + index)), text);
      expect(pattern.test(filled), key).toBe(true);
    }
  });

  it('keep the status of "Request failed with status {status}" in every language', async () => {
    const error = errorFromAnswer(null, 502);
    expect(error.message).toBe('Request failed with status 502');
    expect(serverTextKey(error.message)).toEqual({ key: 'requestFailedStatus', values: { status: '502' } });
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
