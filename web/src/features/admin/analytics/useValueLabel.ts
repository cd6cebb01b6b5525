import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import type { FilterName } from './api';

/** How a breakdown's value reads: language codes as names, events and devices in words, the empty source as direct. */
export function useValueLabel() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const languages = new Intl.DisplayNames(i18n.language, { type: 'language', fallback: 'code' });
  return (filter: FilterName | undefined, value: string): string => {
    switch (filter) {
      case 'source':
        return value === '' ? t('analytics.direct') : value;
      case 'siteLang':
      case 'browserLang':
        return languages.of(value) ?? value;
      case 'event':
        return t(`analytics.events.${value}`, { defaultValue: value });
      case 'device':
        return t(`analytics.devices.${value}`, { defaultValue: value });
      case 'browser':
      case 'os':
        return value === 'Other' ? t('analytics.other') : value;
      default:
        return value;
    }
  };
}
