import { Alert, Badge, Box, Group, Text } from '@mantine/core';
import { IconCloudUpload, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useConnectionNotice, useOnline, useQueuedCount } from './useNetworkStatus';
import classes from './NetworkStatus.module.css';

/** The offline/sync indicator (spec §4 Network): banners at the top, notices in a corner. */
export function NetworkStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const notice = useConnectionNotice(online);
  const queued = useQueuedCount();

  return (
    <>
      {!online && (
        <Box className={classes.offline} role="status" data-testid="offline-banner">
          <Group gap="xs" justify="center">
            <IconWifiOff size={18} aria-hidden />
            <Text fw={600} size="sm">
              {t('network.offline')}
            </Text>
          </Group>
        </Box>
      )}
      {queued > 0 && (
        <Box className={classes.syncing} role="status" data-testid="sync-banner">
          <Group gap="xs" justify="center">
            <IconCloudUpload size={18} aria-hidden />
            <Text fw={600} size="sm">
              {t('network.syncing')}
            </Text>
            <Badge color="dark" variant="light" aria-label={t('network.pending', { count: queued })}>
              {queued}
            </Badge>
          </Group>
        </Box>
      )}
      <div className={classes.notices} aria-live="polite">
        {notice === 'offline' && (
          <Alert color="red.9" variant="filled" icon={<IconWifiOff aria-hidden />} data-testid="offline-notice">
            {t('network.offlineNotice')}
          </Alert>
        )}
        {notice === 'online' && (
          <Alert color="teal.9" variant="filled" icon={<IconWifi aria-hidden />} data-testid="online-notice">
            {t('network.onlineNotice')}
          </Alert>
        )}
      </div>
    </>
  );
}
