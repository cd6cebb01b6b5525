import i18n from 'i18next';

import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

/** The shoe finder's texts: their own namespace, in the finder's chunks, so they do not weigh on the home page. */
export const FINDER_NAMESPACE = 'finder';
export const finderResources = { he, en, ru, fr, es } as const;

for (const [language, texts] of Object.entries(finderResources)) {
  i18n.addResourceBundle(language, FINDER_NAMESPACE, texts);
}
