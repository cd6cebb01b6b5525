import { IconAlertCircle, IconCircleCheck, IconEyeOff } from '@tabler/icons-react';

import type { StatusLooks } from '../components/StatusBadge';
import type { CrashStatus } from './api';

export const CRASH_LOOKS: StatusLooks<CrashStatus> = {
  new: { color: 'red', Icon: IconAlertCircle },
  resolved: { color: 'green', Icon: IconCircleCheck },
  ignored: { color: 'gray', Icon: IconEyeOff },
};
