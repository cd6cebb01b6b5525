import { Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconDeviceFloppy, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { dismissQueueProblem } from '../../api/offlineQueue';
import type { QueueProblem } from '../../api/offlineQueueTypes';
import { useConnectionNotice, useOnline, useQueuedCount, useQueueProblems } from './useNetworkStatus';
import classes from './NetworkStatus.module.css';

// What a refused change was and why is rare, and brings the server texts' translations: a chunk of its own,
// fetched when a flush reports a problem (the connection is back by then).
const QueueProblemText = lazy(() => import('./QueueProblemText').then((module) => ({ default: module.QueueProblemText })));

/** A queued change the server refused, or that a closing page may not have sent: what it was, and why. */
function ProblemNotice({ problem }: { problem: QueueProblem }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red.9"
      variant="filled"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('network.notSent')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => dismissQueueProblem(problem.id)}
      data-testid="queue-problem"
    >
      <Suspense fallback={null}>
        <QueueProblemText problem={problem} t={t} />
      </Suspense>
    </Alert>
  );
}

/**
 * The offline/sync indicator (spec §4 Network): banners at the top, notices in a corner: the connection
 * lost or back, a write saved on this device to be sent later, and a queued write the server then refused.
 */
export function NetworkStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const notice = useConnectionNotice(online);
  const queued = useQueuedCount();
  const problems = useQueueProblems();

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
        <Stack gap="xs">
          {problems.map((problem) => (
            <ProblemNotice key={problem.id} problem={problem} />
          ))}
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
          {notice === 'queued' && (
            <Alert color="indigo.9" variant="filled" icon={<IconDeviceFloppy aria-hidden />} data-testid="queued-notice">
              {t('messages.queuedOffline')}
            </Alert>
          )}
        </Stack>
      </div>
    </>
  );
}
