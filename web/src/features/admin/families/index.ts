import { IconStack2 } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { FamiliesScreen } from './FamiliesScreen';

export const familiesScreen: AdminScreen = { path: 'families', key: 'families', icon: IconStack2, permission: 'catalogue', component: FamiliesScreen };
