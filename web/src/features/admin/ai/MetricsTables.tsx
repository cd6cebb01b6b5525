import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../components/SectionCard';
import { NO_VALUE, useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AiMetrics } from './api';

/** Each model's requests, success and speed, and the kinds of failure the providers had. */
export function MetricsTables({ metrics }: { metrics: AiMetrics }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const provider = (name: AiMetrics['models'][number]['provider']) => t(`ai.providers.${name}`);
  return (
    <Stack>
      <MetricsTable
        title={t('ai.metrics.modelPerformance')}
        head={[t('ai.fields.provider'), t('ai.fields.model'), t('ai.metrics.requests'), t('ai.metrics.successRate'), t('ai.metrics.averageResponse'), t('ai.metrics.tokens')]}
        rows={metrics.models.map((model) => [
          provider(model.provider),
          model.model,
          format.count(model.requests),
          format.percent(model.successRate),
          format.ms(model.averageMs),
          format.count(model.tokens),
        ])}
        emptyText={t('ai.metrics.noModels')}
      />
      <MetricsTable
        title={t('ai.metrics.errorTypes')}
        head={[t('ai.fields.provider'), t('ai.metrics.errorType'), t('ai.metrics.occurrences'), t('ai.metrics.lastOccurred'), t('ai.metrics.lastMessage')]}
        rows={metrics.errors.map((error) => [
          provider(error.provider),
          t(`ai.errorTypes.${error.errorType}`),
          format.count(error.occurrences),
          format.dateTime(error.lastOccurred),
          // The site's own refusals (not configured, a private address) have no provider's words.
          error.lastMessage || NO_VALUE,
        ])}
        emptyText={t('ai.metrics.noErrors')}
      />
    </Stack>
  );
}

function MetricsTable({ title, head, rows, emptyText }: { title: string; head: string[]; rows: ReactNode[][]; emptyText: string }) {
  return (
    <SectionCard title={title}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={title} data={{ head, body: rows }} />
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
