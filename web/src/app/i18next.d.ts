import type adminEn from '../features/admin/locales/en.json';
import type finderEn from '../features/finder/locales/en.json';
import type fitEn from '../features/fit/locales/en.json';
import type en from '../i18n/locales/en.json';

// Translation keys are checked at compile time against the English locale (the admin area's namespace,
// the shoe finder's and the fit profile's namespaces are loaded with their chunks).
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en; admin: typeof adminEn; finder: typeof finderEn; fit: typeof fitEn };
  }
}
