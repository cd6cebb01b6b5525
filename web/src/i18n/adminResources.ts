import en from './locales/admin/en.json';
import es from './locales/admin/es.json';
import fr from './locales/admin/fr.json';
import he from './locales/admin/he.json';
import ru from './locales/admin/ru.json';

/**
 * The admin area's texts: a namespace of their own. Only the admin chunk (and tests) import this
 * module, so the public pages do not carry them.
 */
export const ADMIN_NAMESPACE = 'admin';
export const adminResources = { he, en, ru, fr, es } as const;
