import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import { ADMIN_NAMESPACE } from '../i18n';
import { problem } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { analyticsSchema } from './schemas';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

type Analytics = z.infer<typeof analyticsSchema>;

/** Both are optional: empty turns that service off. The rules are the server's. */
function check(values: Analytics) {
  const id = values.measurementId.trim();
  const token = values.cloudflareToken.trim();
  return {
    measurementId: id === '' || /^G-[A-Za-z0-9]+$/.test(id) ? undefined : problem('not_a_measurement_id'),
    cloudflareToken: token === '' || /^[0-9a-fA-F]{32}$/.test(token) ? undefined : problem('not_a_cloudflare_token'),
  };
}

/** The web analytics the site loads (spec §3: a measurement id starting with G-) and Cloudflare's beacon token. */
export function AnalyticsSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('analytics', analyticsSchema);
  return (
    <SettingsCard title={t('settings.analytics.title')} intro={t('settings.analytics.intro')} settings={stored}>
      {(analytics) => <AnalyticsForm initial={analytics} />}
    </SettingsCard>
  );
}

function AnalyticsForm({ initial }: { initial: Analytics }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('analytics', analyticsSchema);
  const form = useSettingsForm(
    initial,
    check,
    (values) => save({ measurementId: values.measurementId.trim(), cloudflareToken: values.cloudflareToken.trim() }),
    t('settings.analytics.saved'),
  );
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('settings.analytics.measurementId')} description={t('settings.analytics.measurementIdHint')} autoComplete="off" {...form.textField('measurementId')} />
        <TextInput label={t('settings.analytics.cloudflareToken')} description={t('settings.analytics.cloudflareTokenHint')} autoComplete="off" {...form.textField('cloudflareToken')} />
      </SimpleGrid>
    </SettingsForm>
  );
}
