import { IconDatabase } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { CacheScreen } from './CacheScreen';

export const cacheScreen: AdminScreen = { path: 'cache', key: 'cache', icon: IconDatabase, permission: 'cache', component: CacheScreen };
