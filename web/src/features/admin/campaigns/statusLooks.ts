import { IconBan, IconCalendarTime, IconCircleCheck, IconPencil, IconPlayerPause, IconSend } from '@tabler/icons-react';

import type { StatusLooks } from '../components/StatusBadge';
import type { CampaignStatus } from './api';

export const CAMPAIGN_LOOKS: StatusLooks<CampaignStatus> = {
  draft: { color: 'gray', Icon: IconPencil },
  scheduled: { color: 'blue', Icon: IconCalendarTime },
  sending: { color: 'orange', Icon: IconSend },
  paused: { color: 'yellow', Icon: IconPlayerPause },
  sent: { color: 'green', Icon: IconCircleCheck },
  cancelled: { color: 'red', Icon: IconBan },
};
