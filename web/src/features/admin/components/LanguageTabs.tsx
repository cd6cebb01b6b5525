import { Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { LANGUAGES, type Language } from '../../../i18n/languages';
import { ADMIN_NAMESPACE } from '../i18n';

interface LanguageTabsProps {
  children: (language: Language) => ReactNode;
  hasErrors: (language: Language) => boolean;
  /** When every language is optional (Hebrew too): what an empty field means, shown in each tab. */
  emptyNote?: string;
  /** Marks the tabs of the languages written so far. */
  filled?: (language: Language) => boolean;
}

/**
 * One tab per language for a form's texts. Hebrew comes first and is required; the others are optional
 * and fall back to Hebrew on the site (unless `emptyNote` says otherwise). A tab whose fields have errors is marked.
 */
export function LanguageTabs({ children, hasErrors, emptyNote, filled }: LanguageTabsProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tCommon } = useTranslation();
  return (
    <Tabs defaultValue="he" keepMounted>
      <Tabs.List aria-label={t('form.languages')}>
        {LANGUAGES.map((language) => (
          <Tabs.Tab
            key={language}
            value={language}
            rightSection={
              hasErrors(language) ? (
                <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-label={t('form.hasErrors')} />
              ) : filled?.(language) ? (
                <IconCircleCheck size={14} color="var(--mantine-color-teal-8)" aria-label={t('form.filled')} />
              ) : undefined
            }
          >
            {tCommon(`languages.${language}`)}
            {language === 'he' && emptyNote === undefined && <Text span c="red"> *</Text>}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {LANGUAGES.map((language) => (
        <Tabs.Panel key={language} value={language} pt="sm" dir={language === 'he' ? 'rtl' : 'ltr'} lang={language}>
          {(emptyNote !== undefined || language !== 'he') && (
            <Text size="sm" c="dimmed" mb="xs">
              {emptyNote ?? t('form.optionalLanguage')}
            </Text>
          )}
          {children(language)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
