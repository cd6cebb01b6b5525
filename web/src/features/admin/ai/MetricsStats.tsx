import { SimpleGrid, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { StatCard } from '../components/StatCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { AiMetrics } from './api';

/** The period's headline numbers: requests, success, speed, tokens, cache and context use. */
export function MetricsStats({ metrics }: { metrics: AiMetrics }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const { contextUsage } = metrics;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
      <StatCard label={t('ai.metrics.totalRequests')} value={format.count(metrics.totalRequests)} />
      <StatCard label={t('ai.metrics.successRate')} value={format.percent(metrics.successRate)} />
      <StatCard label={t('ai.metrics.averageResponse')} value={format.ms(metrics.averageResponseMs)} />
      <StatCard label={t('ai.metrics.totalTokens')} value={format.count(metrics.totalTokens)} />
      <StatCard label={t('ai.metrics.cacheHitRate')} value={format.percent(metrics.cacheHitRate)} />
      <StatCard
        label={t('ai.metrics.contextUsage')}
        value={`${format.count(contextUsage.withContext)} / ${format.count(contextUsage.withoutContext)}`}
        detail={
          <>
            <Text size="xs" c="dimmed">
              {t('ai.metrics.withAndWithoutContext')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('ai.metrics.averageContext', { chars: format.count(contextUsage.averageContextChars) })}
            </Text>
          </>
        }
      />
    </SimpleGrid>
  );
}

/** How askers rated the answers (thumbs up or down in the chat). */
export function FeedbackStats({ feedback }: { feedback: AiMetrics['feedback'] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <StatCard label={t('ai.metrics.feedbackUp')} value={format.count(feedback.up)} icon={<IconThumbUp size={22} aria-hidden />} />
      <StatCard label={t('ai.metrics.feedbackDown')} value={format.count(feedback.down)} icon={<IconThumbDown size={22} aria-hidden />} />
    </SimpleGrid>
  );
}
