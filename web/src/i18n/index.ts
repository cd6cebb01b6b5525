import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, directionOf, isLanguage, type Language } from './languages';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

export const resources = {
  he: { translation: he },
  en: { translation: en },
  ru: { translation: ru },
  fr: { translation: fr },
  es: { translation: es },
} as const;

function applyToDocument(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    detection: {
      order: ['querystring', 'localStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lang',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false },
  });

i18n.on('languageChanged', applyToDocument);
applyToDocument(currentLanguage());

// Another tab chose a language: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue) && event.newValue !== currentLanguage()) {
    void i18n.changeLanguage(event.newValue);
  }
});

/** The language the interface shows, always one of the five. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export default i18n;
