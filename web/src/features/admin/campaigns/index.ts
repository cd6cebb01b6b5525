import { IconMail } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { CampaignsScreen } from './CampaignsScreen';

/** The campaigns' list, with a page per campaign (/admin/email/new, /admin/email/{id}). */
export const campaignsScreen: AdminScreen = { path: 'email', key: 'email', icon: IconMail, permission: 'email', component: CampaignsScreen, withPages: true };
