import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { RefreshButton } from '../components/RefreshButton';
import { ADMIN_NAMESPACE } from '../i18n';
import { useAiStatus } from './api';
import { GatewayStatus } from './GatewayStatus';
import { ProviderSettings } from './ProviderSettings';

/** The provider chain as it stands (refreshed every 30 s while shown), then the providers' settings. */
export function GatewayTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const status = useAiStatus();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('ai.status.title')}
        </Title>
        <RefreshButton onRefresh={() => void status.refetch()} refreshing={status.isFetching} />
      </Group>
      {status.isPending && <PageLoader />}
      {status.isError && <LoadFailed error={status.error} onRetry={() => void status.refetch()} />}
      {status.data && <GatewayStatus status={status.data} />}
      <ProviderSettings />
    </Stack>
  );
}
