import { describe, expect, it } from 'vitest';

import document from '../api/openapi.json';
import adminEn from '../features/admin/locales/en.json';
import adminEs from '../features/admin/locales/es.json';
import adminFr from '../features/admin/locales/fr.json';
import adminHe from '../features/admin/locales/he.json';
import adminRu from '../features/admin/locales/ru.json';
import { adminCodeKey } from '../features/admin/adminTexts';
import { LANGUAGES, type Language } from '../i18n/languages';
import { refusalKey, serverCodeKey } from '../i18n/serverTexts';
import { localeText } from '../test/locales';

/** Every code an error answer may carry, as the server's document lists them. */
const CODES: string[] = document.components.schemas.ErrorCode.enum;

const adminMessages: Record<Language, Record<string, string>> = {
  he: adminHe.messages,
  en: adminEn.messages,
  ru: adminRu.messages,
  fr: adminFr.messages,
  es: adminEs.messages,
};

/** The code's text in a language, from the interface's messages or the admin's; undefined when it has none. */
function textOf(code: string, language: Language): string | undefined {
  const shared = serverCodeKey(code);
  if (shared) return localeText(language, `messages.${shared}`);
  const admin = adminCodeKey(code);
  return admin === undefined ? undefined : adminMessages[language][admin];
}

describe("the server's error codes", () => {
  it('are listed in the document', () => {
    expect(CODES.length).toBeGreaterThan(60);
    expect(CODES).toContain('invalid_credentials');
  });

  it.each(LANGUAGES)('each have a text in %s', (language) => {
    const without = CODES.filter((code) => !textOf(code, language)?.trim());
    expect(without).toEqual([]);
  });

  it('with detail are shown by their words when the interface knows them, by the code otherwise', () => {
    expect(refusalKey('invalid_fields', 'Invalid email address')).toEqual({ key: 'invalidEmail', values: {} });
    expect(refusalKey('invalid_fields', 'A rule the interface has no words for')).toEqual({ key: 'invalidFields', values: {} });
    expect(refusalKey('not_found', 'Invalid email address')).toEqual({ key: 'notFound', values: {} });
  });
});
