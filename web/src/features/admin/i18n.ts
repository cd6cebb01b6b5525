import i18n from 'i18next';

import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

/** The admin area's texts: their own namespace, in the admin chunk, so they do not weigh on public pages. */
export const ADMIN_NAMESPACE = 'admin';
export const adminResources = { he, en, ru, fr, es } as const;

for (const [language, texts] of Object.entries(adminResources)) {
  i18n.addResourceBundle(language, ADMIN_NAMESPACE, texts);
}
