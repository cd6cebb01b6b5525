import { describe, expect, it } from 'vitest';

import document from '../api/openapi.json';
import adminEn from '../features/admin/locales/en.json';
import adminEs from '../features/admin/locales/es.json';
import adminFr from '../features/admin/locales/fr.json';
import adminHe from '../features/admin/locales/he.json';
import adminRu from '../features/admin/locales/ru.json';
import { ADMIN_CLIENT_CODES, adminCodeKey } from '../features/admin/adminTexts';
import { LANGUAGES, type Language } from '../i18n/languages';
import { CLIENT_CODES, messageKey, SERVER_CODES } from '../i18n/serverTexts';
import { localeText } from '../test/locales';

/** Every code an error answer may carry, as the server's document lists them. */
const CODES: string[] = document.components.schemas.ErrorCode.enum;

/** The client's own codes, the interface's and the admin's. */
const OWN_CODES = [...Object.keys(CLIENT_CODES), ...Object.keys(ADMIN_CLIENT_CODES)];

/**
 * The values each code's answer carries (server/src: `Problem::with`), and the client's own: a text may
 * use these placeholders and no other.
 */
const VALUES: Record<string, string[]> = {
  too_long: ['max'],
  out_of_range: ['max', 'min'],
  too_many_items: ['max'],
  range_too_long: ['max'],
  unknown_variable: ['name'],
  variable_unclosed: ['example'],
  test_email_failed: ['reason'],
  mailbox_fetch_failed: ['reason'],
  request_failed: ['status'],
  // From the answer's `retryAfter` (ApiError's `problem`).
  rate_limited: ['seconds'],
};

const adminMessages: Record<Language, Record<string, string>> = {
  he: adminHe.messages,
  en: adminEn.messages,
  ru: adminRu.messages,
  fr: adminFr.messages,
  es: adminEs.messages,
};

/** The code's text in a language, as the admin words it (its own texts first); undefined when it has none. */
function textOf(code: string, language: Language): string | undefined {
  const admin = adminCodeKey(code);
  if (admin) return adminMessages[language][admin];
  const shared = messageKey(code);
  return shared === undefined ? undefined : localeText(language, `messages.${shared}`);
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]))].sort();

describe("the server's error codes", () => {
  it('are listed in the document', () => {
    expect(CODES.length).toBeGreaterThan(60);
    expect(CODES).toContain('invalid_credentials');
  });

  it.each(LANGUAGES)('each have a text in %s', (language) => {
    const without = CODES.filter((code) => !textOf(code, language)?.trim());
    expect(without).toEqual([]);
  });
});

describe("the client's own codes", () => {
  it('are not codes of the server', () => {
    expect(OWN_CODES.filter((code) => CODES.includes(code))).toEqual([]);
  });

  it.each(LANGUAGES)('each have a text in %s', (language) => {
    const without = OWN_CODES.filter((code) => !textOf(code, language)?.trim());
    expect(without).toEqual([]);
  });
});

describe("a code's text", () => {
  it('uses only the values its code carries, and all of them', () => {
    const codes = [...new Set([...CODES, ...OWN_CODES, ...Object.keys(SERVER_CODES)])];
    const mismatched = LANGUAGES.flatMap((language) =>
      codes.flatMap((code) => {
        const text = textOf(code, language);
        return text === undefined || placeholders(text).join() === (VALUES[code] ?? []).join() ? [] : [`${language} ${code}: ${text}`];
      }),
    );
    expect(mismatched).toEqual([]);
  });
});
