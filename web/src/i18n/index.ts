import i18n, { type InitOptions } from 'i18next';

import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';

/** What the browser's start (`browser.ts`) and the server's render (`ssr/`) set i18next up with. */
export const I18N_OPTIONS: InitOptions = {
  supportedLngs: LANGUAGES,
  load: 'languageOnly',
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['translation'],
  interpolation: { escapeValue: false },
  // Texts are in place before the first render and loaded before a change of language shows.
  react: { useSuspense: false },
};

/** The language the interface shows, always one of the five. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;
