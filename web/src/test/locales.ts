import type { Language } from '../i18n/languages';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import fr from '../i18n/locales/fr.json';
import he from '../i18n/locales/he.json';
import ru from '../i18n/locales/ru.json';
import type { Tree } from './localeChecks';

/** Every language's interface texts, as the app loads them one at a time. */
export const interfaceTexts: Record<Language, Tree> = { he, en, ru, fr, es };

/**
 * The text at `key` ("messages.invalidCredentials") in a locale file, with `{{placeholders}}` filled in,
 * so tests check what the translators wrote rather than a copy of it. Fails clearly when it is missing.
 */
export function localeText(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = interfaceTexts[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`The ${language} locale has no text at ${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}
