import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

import type { StatusLooks } from '../components/StatusBadge';
import type { CacheStatus } from './api';

export const CACHE_LOOKS: StatusLooks<CacheStatus> = {
  healthy: { color: 'green', Icon: IconCircleCheck },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  critical: { color: 'red', Icon: IconAlertOctagon },
};
