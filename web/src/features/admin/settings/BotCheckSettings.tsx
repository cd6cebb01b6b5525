import { NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import { ADMIN_NAMESPACE } from '../i18n';
import { REQUIRED, between } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { botCheckSchema } from './schemas';
import { SecretInput } from '../components/SecretInput';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

type BotCheck = z.infer<typeof botCheckSchema>;
type Values = Record<keyof BotCheck, string>;

/** The proof of work's largest number (the server's range). */
const DIFFICULTY = { min: 1000, max: 10_000_000 };

/** Each method's own fields are checked only while it is chosen. */
function check(values: Values) {
  if (values.provider === 'turnstile') {
    return {
      turnstileSiteKey: values.turnstileSiteKey.trim() === '' ? REQUIRED : undefined,
      turnstileSecret: values.turnstileSecret.trim() === '' ? REQUIRED : undefined,
    };
  }
  return { difficulty: between(Number(values.difficulty || NaN), DIFFICULTY.min, DIFFICULTY.max) };
}

/** The bot-check at sign-up and login: a proof of work (ALTCHA) or Cloudflare Turnstile. */
export function BotCheckSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('bot-check', botCheckSchema);
  return (
    <SettingsCard title={t('settings.botCheck.title')} intro={t('settings.botCheck.intro')} settings={stored}>
      {(botCheck) => <BotCheckForm initial={{ ...botCheck, difficulty: String(botCheck.difficulty) }} />}
    </SettingsCard>
  );
}

function BotCheckForm({ initial }: { initial: Values }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('bot-check', botCheckSchema);
  const form = useSettingsForm(
    initial,
    check,
    (values) => save({ ...values, difficulty: Number(values.difficulty), turnstileSiteKey: values.turnstileSiteKey.trim() }),
    t('settings.botCheck.saved'),
  );
  const turnstile = form.values.provider === 'turnstile';
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="bot-check-provider">
          {t('settings.botCheck.provider')}
        </Text>
        <SegmentedControl
          aria-labelledby="bot-check-provider"
          value={form.values.provider}
          onChange={(value) => form.setValue('provider', value)}
          data={(['altcha', 'turnstile'] as const).map((value) => ({ value, label: t(`settings.botCheck.providers.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {turnstile ? (
        <>
          <TextInput label={t('settings.botCheck.siteKey')} required autoComplete="off" {...form.textField('turnstileSiteKey')} />
          <SecretInput label={t('settings.botCheck.secret')} required {...form.textField('turnstileSecret')} />
        </>
      ) : (
        <NumberInput
          label={t('settings.botCheck.difficulty')}
          description={t('settings.botCheck.difficultyHint')}
          min={DIFFICULTY.min}
          max={DIFFICULTY.max}
          thousandSeparator
          {...form.numberField('difficulty')}
        />
      )}
    </SettingsForm>
  );
}
