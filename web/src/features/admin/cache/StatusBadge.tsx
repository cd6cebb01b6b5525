import { Badge } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import type { CacheStatus } from './api';

const LOOKS = {
  healthy: { color: 'green', Icon: IconCircleCheck },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  critical: { color: 'red', Icon: IconAlertOctagon },
} as const;

/**
 * A cache's status on a pill of its colour, with an icon of its own shape. The text is dark: green and
 * yellow at shade 9 on their light pills fall below the 4.5:1 contrast small text needs.
 */
export function StatusBadge({ status }: { status: CacheStatus }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { color, Icon } = LOOKS[status];
  return (
    <Badge variant="light" color={color} c="dark.7" flex="none" leftSection={<Icon size={14} aria-hidden />}>
      {t(`cache.statuses.${status}`)}
    </Badge>
  );
}
