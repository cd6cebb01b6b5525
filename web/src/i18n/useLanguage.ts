import { useTranslation } from 'react-i18next';

import { currentLanguage } from '.';
import type { Language } from './languages';

/** The language the interface shows, re-rendering when it changes. */
export function useLanguage(): Language {
  useTranslation();
  return currentLanguage();
}
