import { IconSettings } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { SettingsScreen } from './SettingsScreen';

export const settingsScreen: AdminScreen = { path: 'settings', key: 'settings', icon: IconSettings, permission: 'settings', component: SettingsScreen };

// What the AI screen shows of the settings: the models' card, and its providers' card on the same API.
export { AiModelSettings } from './AiModelSettings';
export { useSaveSettings, useSettings } from './api';
