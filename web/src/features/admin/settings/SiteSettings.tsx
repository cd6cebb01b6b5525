import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import type { Problem } from '../../../api/errors';
import { SITE_CONFIG_KEY, siteConfigSchema, type SiteConfig, type Texts } from '../../../lib/siteConfig';
import { LANGUAGES } from '../../../i18n/languages';
import { email } from '../../../lib/form/validation';
import { LanguageTabs } from '../components/LanguageTabs';
import { ADMIN_NAMESPACE } from '../i18n';
import { httpAddress, maxLength } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

/** The server's limits (contract: name ≤ 60, slogan ≤ 120, location under 100). */
const MAX = { siteName: 60, slogan: 120, location: 99 };
const TEXT_FIELDS = ['slogan', 'location'] as const;

type Values = Record<string, string>;

function flatten(site: SiteConfig): Values {
  const values: Values = { siteName: site.siteName, contactEmail: site.contactEmail, websiteUrl: site.websiteUrl };
  for (const field of TEXT_FIELDS) for (const language of LANGUAGES) values[`${field}.${language}`] = site[field][language];
  return values;
}

function check(values: Values) {
  const errors: Record<string, Problem | undefined> = {
    siteName: maxLength(values.siteName?.trim(), MAX.siteName),
    contactEmail: values.contactEmail?.trim() ? email(values.contactEmail) : undefined,
    websiteUrl: httpAddress(values.websiteUrl),
  };
  for (const field of TEXT_FIELDS) for (const language of LANGUAGES) errors[`${field}.${language}`] = maxLength(values[`${field}.${language}`]?.trim(), MAX[field]);
  return errors;
}

function toSettings(values: Values): SiteConfig {
  const texts = (field: (typeof TEXT_FIELDS)[number]) => Object.fromEntries(LANGUAGES.map((language) => [language, (values[`${field}.${language}`] ?? '').trim()])) as Texts;
  const trimmed = (name: string) => (values[name] ?? '').trim();
  return { siteName: trimmed('siteName'), slogan: texts('slogan'), location: texts('location'), contactEmail: trimmed('contactEmail'), websiteUrl: trimmed('websiteUrl') };
}

/** The site's name, slogan and location (per language) and its contact details, as the header and footer show them. */
export function SiteSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('site', siteConfigSchema);
  return (
    <SettingsCard title={t('settings.site.title')} intro={t('settings.site.intro')} settings={stored}>
      {(site) => <SiteForm initial={flatten(site)} />}
    </SettingsCard>
  );
}

function SiteForm({ initial }: { initial: Values }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const client = useQueryClient();
  const save = useSaveSettings('site', siteConfigSchema);
  const form = useSettingsForm(
    initial,
    check,
    async (values) => {
      client.setQueryData(SITE_CONFIG_KEY, await save(toSettings(values)));
      await client.invalidateQueries({ queryKey: SITE_CONFIG_KEY });
    },
    t('settings.site.saved'),
  );
  const languageHasErrors = (language: string) => TEXT_FIELDS.some((field) => form.errorOf(`${field}.${language}`) !== undefined);

  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <TextInput label={t('settings.site.siteName')} description={t('settings.site.siteNameHint')} {...form.textField('siteName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('settings.site.contactEmail')} type="email" {...form.textField('contactEmail')} />
        <TextInput label={t('settings.site.websiteUrl')} type="url" placeholder="https://" {...form.textField('websiteUrl')} />
      </SimpleGrid>
      <LanguageTabs hasErrors={languageHasErrors} emptyNote={t('settings.site.languageNote')}>
        {(language) => (
          <Stack gap="sm">
            <TextInput label={t('settings.site.slogan')} {...form.textField(`slogan.${language}`)} />
            <TextInput label={t('settings.site.location')} {...form.textField(`location.${language}`)} />
          </Stack>
        )}
      </LanguageTabs>
    </SettingsForm>
  );
}
