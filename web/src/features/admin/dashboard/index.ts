import { IconGauge } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { DashboardPage } from './DashboardPage';

/** The admin's index: open to all staff. */
export const dashboardScreen: AdminScreen = { path: '', key: 'dashboard', icon: IconGauge, component: DashboardPage };
