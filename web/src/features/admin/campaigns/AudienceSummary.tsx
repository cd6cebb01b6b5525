import { Group, Loader, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { useAdminText } from '../adminTexts';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';

interface AudienceSummaryProps {
  /** Whether a group and a language are chosen (nothing is counted before). */
  chosen: boolean;
  count: UseQueryResult<{ count: number }>;
  /** A newer choice waits for its count. */
  settling: boolean;
}

/** How many members the campaign would reach if it started now, counted again as the choice changes. */
export function AudienceSummary({ chosen, count, settling }: AudienceSummaryProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  const format = useAdminFormat();
  const members = count.data?.count;
  return (
    <Group gap="xs" wrap="nowrap" aria-live="polite">
      <IconUsers size={18} aria-hidden />
      {!chosen ? (
        <Text size="sm" c="dimmed">
          {t('campaigns.audienceUnchosen')}
        </Text>
      ) : count.isError ? (
        <Text size="sm" c="red.8">
          {t('campaigns.audienceFailed')} {errorText(count.error)}
        </Text>
      ) : members === undefined ? (
        <Loader size="xs" aria-label={t('campaigns.audienceCounting')} />
      ) : (
        <>
          <Text size="sm" fw={500} c={members === 0 ? 'orange.9' : undefined}>
            {members === 0 ? t('messages.campaignAudienceEmpty') : t('campaigns.audience', { count: members, members: format.count(members) })}
          </Text>
          {settling && <Loader size={10} aria-label={t('campaigns.audienceCounting')} />}
        </>
      )}
    </Group>
  );
}
