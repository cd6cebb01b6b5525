import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LANGUAGES, isLanguage } from '../../i18n/languages';
import { useLanguage } from '../../i18n/useLanguage';
import { track } from '../analytics';

/** Changes the interface language (the public header and the admin's); i18next stores the choice under `i18nextLng` for the next visit. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();

  const change = (next: string) => {
    if (!isLanguage(next)) return;
    void i18n.changeLanguage(next).then(() => track('languageChanged', { target: next }));
    // A `?lang=` left in the address would switch back on the next reload.
    if (params.has('lang')) {
      params.delete('lang');
      setParams(params, { replace: true });
    }
  };

  return (
    <NativeSelect
      aria-label={t('nav.language')}
      value={language}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
    />
  );
}
