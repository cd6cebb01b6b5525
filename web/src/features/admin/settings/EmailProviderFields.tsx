import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { PROVIDER_FIELDS, SECRET_FIELDS, type EmailValues, type Provider } from './emailSettings';
import { SecretInput } from '../components/SecretInput';
import type { useSettingsForm } from '../components/useSettingsForm';

type EmailForm = ReturnType<typeof useSettingsForm<EmailValues>>;

const CHOICES: Record<string, readonly string[]> = { 'smtp.security': ['none', 'starttls', 'tls'], 'mailgun.region': ['us', 'eu'] };

/** The fields the chosen provider needs; the other providers' values stay in the form, hidden. */
export function EmailProviderFields({ form, provider }: { form: EmailForm; provider: Provider }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  // SES signs in with the SMTP credentials made in its console: say so in the labels.
  const labels: Record<string, string> = {
    'smtp.host': t('settings.email.host'),
    'smtp.port': t('settings.email.port'),
    'smtp.security': t('settings.email.security'),
    'smtp.username': t('settings.email.username'),
    'smtp.password': t('settings.email.password'),
    'sendgrid.apiKey': t('settings.email.apiKey'),
    'mailgun.domain': t('settings.email.domain'),
    'mailgun.region': t('settings.email.region'),
    'mailgun.apiKey': t('settings.email.apiKey'),
    'ses.region': t('settings.email.sesRegion'),
    'ses.username': t('settings.email.smtpUsername'),
    'ses.password': t('settings.email.smtpPassword'),
  };
  const choiceLabel = (name: string, value: string) =>
    name === 'smtp.security' ? t(`settings.email.securities.${value as 'none'}`) : t(`settings.email.mailgunRegions.${value as 'us'}`);

  const field = (name: string) => {
    const label = labels[name] ?? name;
    const choices = CHOICES[name];
    if (choices) {
      return (
        <Select
          key={name}
          label={label}
          name={name}
          data={choices.map((value) => ({ value, label: choiceLabel(name, value) }))}
          value={form.values[name] ?? null}
          onChange={(value) => value && form.setValue(name, value)}
          allowDeselect={false}
          error={form.errorOf(name)}
        />
      );
    }
    if (name === 'smtp.port') return <NumberInput key={name} label={label} required min={1} max={65535} {...form.numberField(name)} />;
    if (SECRET_FIELDS.has(name)) return <SecretInput key={name} label={label} required={name !== 'smtp.password'} {...form.textField(name)} />;
    const hint = name === 'ses.region' ? t('settings.email.sesRegionHint') : undefined;
    return <TextInput key={name} label={label} description={hint} required={name !== 'smtp.username'} autoComplete="off" {...form.textField(name)} />;
  };

  return <SimpleGrid cols={{ base: 1, sm: 2 }}>{PROVIDER_FIELDS[provider].map(field)}</SimpleGrid>;
}
