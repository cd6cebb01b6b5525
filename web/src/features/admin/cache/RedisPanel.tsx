import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { Facts } from '../components/Facts';
import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { RedisFigures } from './api';

/** The Redis server's own figures (the site uses it with REDIS_URL), or a warning that it does not answer. */
export function RedisPanel({ redis }: { redis: RedisFigures }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const title = t('cache.redis.title');
  if (!redis.reachable) {
    return (
      <SectionCard title={title}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
          {t('cache.redis.unreachable')}
        </Alert>
      </SectionCard>
    );
  }
  const { keyspaceHits: hits, keyspaceMisses: misses } = redis;
  const hitRate = hits !== null && misses !== null && hits + misses > 0 ? hits / (hits + misses) : null;
  return (
    <SectionCard title={title}>
      <Facts
        label={title}
        facts={[
          [t('cache.redis.usedMemory'), format.bytes(redis.usedMemoryBytes)],
          [t('cache.redis.peakMemory'), format.bytes(redis.peakMemoryBytes)],
          [t('cache.redis.keyspaceHits'), format.count(hits)],
          [t('cache.redis.keyspaceMisses'), format.count(misses)],
          [t('cache.redis.keyspaceHitRate'), format.percent(hitRate)],
          [t('cache.redis.keys'), format.count(redis.keys)],
          [t('cache.redis.connectedClients'), format.count(redis.connectedClients)],
          [t('cache.redis.evictedKeys'), format.count(redis.evictedKeys)],
        ]}
      />
    </SectionCard>
  );
}
