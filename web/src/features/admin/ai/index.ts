import { IconBrain } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { AiScreen } from './AiScreen';

export const aiScreen: AdminScreen = { path: 'ai', key: 'ai', icon: IconBrain, permission: 'ai', component: AiScreen };
