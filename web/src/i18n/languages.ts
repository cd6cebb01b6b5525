/** The interface languages (spec §1, §9); Hebrew is the default and the fallback. */
export const LANGUAGES = ['he', 'en', 'ru', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'he';
/** Where the chosen language is kept (spec §9). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'he' ? 'rtl' : 'ltr';
}
