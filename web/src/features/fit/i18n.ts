import i18n from 'i18next';

import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

/** The fit profile's texts: their own namespace, in the page's chunk. */
export const FIT_NAMESPACE = 'fit';
export const fitResources = { he, en, ru, fr, es } as const;

for (const [language, texts] of Object.entries(fitResources)) {
  i18n.addResourceBundle(language, FIT_NAMESPACE, texts);
}
