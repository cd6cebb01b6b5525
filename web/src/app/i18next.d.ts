import type adminEn from '../features/admin/locales/en.json';
import type en from '../i18n/locales/en.json';

// Translation keys are checked at compile time against the English locale (the admin area's namespace
// is loaded with its chunk).
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en; admin: typeof adminEn };
  }
}
