import type en from './locales/en.json';

// Translation keys are checked at compile time against the English locale.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
