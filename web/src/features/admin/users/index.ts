import { IconUsers } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { UsersScreen } from './UsersScreen';

export const usersScreen: AdminScreen = { path: 'users', key: 'users', icon: IconUsers, permission: 'users', component: UsersScreen };

// The member groups a campaign may target (and filter the users by).
export { GROUP_FILTERS } from './api';
