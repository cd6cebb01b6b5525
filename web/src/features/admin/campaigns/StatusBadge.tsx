import { Badge } from '@mantine/core';
import { IconBan, IconCalendarTime, IconCircleCheck, IconPencil, IconPlayerPause, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import type { CampaignStatus } from './api';

const LOOKS = {
  draft: { color: 'gray', Icon: IconPencil },
  scheduled: { color: 'blue', Icon: IconCalendarTime },
  sending: { color: 'orange', Icon: IconSend },
  paused: { color: 'yellow', Icon: IconPlayerPause },
  sent: { color: 'green', Icon: IconCircleCheck },
  cancelled: { color: 'red', Icon: IconBan },
} as const;

/** A campaign's status on a pill of its colour with an icon of its own; dark text, for contrast on every colour. */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { color, Icon } = LOOKS[status];
  return (
    <Badge variant="light" color={color} c="dark.7" flex="none" leftSection={<Icon size={14} aria-hidden />}>
      {t(`campaigns.statuses.${status}`)}
    </Badge>
  );
}
