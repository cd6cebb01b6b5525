import { IconBug } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { CrashesScreen } from './CrashesScreen';

/** The crash groups, with a page per group (/admin/crashes/{id}). */
export const crashesScreen: AdminScreen = { path: 'crashes', key: 'crashes', icon: IconBug, permission: 'crashes', component: CrashesScreen, withPages: true };
