import { NumberInput, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import { between } from '../validation';
import { useSaveSettings, useSettings } from './api';
import { analyticsCollectionSchema } from './schemas';
import { SettingsCard, SettingsForm } from '../components/SettingsCard';
import { useSettingsForm } from '../components/useSettingsForm';

/** How long raw page views and events are kept (the server's range, server/src/analytics/settings.rs). */
const RETENTION = { min: 30, max: 3650 };

type CollectionValues = { retentionDays: string; recordSearchTerms: boolean };

/** What the site's own analytics keeps: raw data's age (then daily totals only), and whether search words are kept. */
export function AnalyticsCollectionSettings() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const stored = useSettings('analytics-collection', analyticsCollectionSchema);
  return (
    <SettingsCard title={t('settings.analyticsCollection.title')} intro={t('settings.analyticsCollection.intro')} settings={stored}>
      {(kept) => <CollectionForm initial={{ retentionDays: String(kept.retentionDays), recordSearchTerms: kept.recordSearchTerms }} />}
    </SettingsCard>
  );
}

function CollectionForm({ initial }: { initial: CollectionValues }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveSettings('analytics-collection', analyticsCollectionSchema);
  const form = useSettingsForm(
    initial,
    (values) => ({ retentionDays: between(Number(values.retentionDays || NaN), RETENTION.min, RETENTION.max) }),
    (values) => save({ retentionDays: Number(values.retentionDays), recordSearchTerms: values.recordSearchTerms }),
    t('settings.analyticsCollection.saved'),
  );
  return (
    <SettingsForm onSubmit={form.submit} error={form.error} busy={form.busy} formRef={form.formRef}>
      <NumberInput
        label={t('settings.analyticsCollection.retentionDays')}
        description={t('settings.analyticsCollection.retentionHint')}
        min={RETENTION.min}
        max={RETENTION.max}
        maw={320}
        {...form.numberField('retentionDays')}
      />
      <Switch
        label={t('settings.analyticsCollection.recordSearchTerms')}
        description={t('settings.analyticsCollection.recordSearchTermsHint')}
        checked={form.values.recordSearchTerms}
        onChange={(event) => form.setValue('recordSearchTerms', event.currentTarget.checked)}
      />
    </SettingsForm>
  );
}
