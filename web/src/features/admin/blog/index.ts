import { IconNews } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { BlogScreen } from './BlogScreen';

export const blogScreen: AdminScreen = { path: 'blog', key: 'blog', icon: IconNews, permission: 'blog', component: BlogScreen };
