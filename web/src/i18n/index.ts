import i18n, { type BackendModule, type InitOptions, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { chosenLanguage, keepLanguage } from './chosenLanguage';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, directionOf, isLanguage, type Language } from './languages';

/** Each language's texts are a chunk of their own: a page loads only the language it shows. */
const LOCALES: Record<Language, () => Promise<{ default: object }>> = {
  he: () => import('./locales/he.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
  fr: () => import('./locales/fr.json'),
  es: () => import('./locales/es.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    // Other namespaces (the admin's) arrive with their own chunks.
    if (namespace !== 'translation' || !isLanguage(language)) return callback(null, {});
    LOCALES[language]().then(
      (locale) => callback(null, locale.default as Record<string, unknown>),
      (error: Error) => callback(error, false),
    );
  },
};

/** What the browser's start (below) and the server's render (ssr/render.tsx) set i18next up with. */
export const I18N_OPTIONS: InitOptions = {
  supportedLngs: LANGUAGES,
  load: 'languageOnly',
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['translation'],
  interpolation: { escapeValue: false },
  // Texts are in place before the first render and loaded before a change of language shows.
  react: { useSuspense: false },
};

/**
 * Writes only what changed: setting `lang` or `dir`, even to the value it has, restyles every element of
 * the page (a drawn finder page spent about 60 ms of a phone's main thread on each write).
 */
function applyToDocument(language: string) {
  const root = document.documentElement;
  if (root.lang !== language) root.lang = language;
  const direction = directionOf(language);
  if (root.dir !== direction) root.dir = direction;
}

/**
 * Sets i18next up in the browser; settled once the start language's texts have arrived. The start language
 * is the one the server drew the page in (it applies the spec's order: chosenLanguage.ts), or local storage's
 * where the server could not see it, and is kept at once, as is every later change (this tab's or
 * another's), in local storage and in the cookie the server picks the page's language by, so the next page
 * comes from the server in the language the app shows. Called by the start in a task of its own (a quarter
 * of the start's evaluation on a phone when it ran on import); the server's render sets i18next up with
 * every language itself.
 */
export function startI18nInBrowser(): Promise<void> {
  const startLanguage = chosenLanguage();
  const ready = i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, lng: startLanguage, partialBundledLanguages: true })
    .then(() => undefined);
  i18n.on('languageChanged', (language) => {
    applyToDocument(language);
    if (isLanguage(language)) keepLanguage(language);
  });
  applyToDocument(startLanguage);
  keepLanguage(startLanguage);
  // Another tab chose a language: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue) && event.newValue !== currentLanguage()) {
      void i18n.changeLanguage(event.newValue);
    }
  });
  return ready;
}

/** The language the interface shows, always one of the five. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;
