import { IconAddressBook } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { SessionsScreen } from './SessionsScreen';

export const sessionsScreen: AdminScreen = { path: 'sessions', key: 'sessions', icon: IconAddressBook, permission: 'sessions', component: SessionsScreen };
