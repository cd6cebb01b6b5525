import { Badge } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import type { CrashStatus } from './api';

const LOOKS = {
  new: { color: 'red', Icon: IconAlertCircle },
  resolved: { color: 'green', Icon: IconCircleCheck },
  ignored: { color: 'gray', Icon: IconEyeOff },
} as const;

/** A crash group's status on a pill of its colour and icon; dark text keeps small type at 4.5:1. */
export function CrashStatusBadge({ status }: { status: CrashStatus }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { color, Icon } = LOOKS[status];
  return (
    <Badge variant="light" color={color} c="dark.7" flex="none" leftSection={<Icon size={14} aria-hidden />}>
      {t(`crashes.statuses.${status}`)}
    </Badge>
  );
}
