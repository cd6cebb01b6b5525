import { IconChartBar } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { AnalyticsScreen } from './AnalyticsScreen';

export const analyticsScreen: AdminScreen = { path: 'analytics', key: 'analytics', icon: IconChartBar, permission: 'analytics', component: AnalyticsScreen };
