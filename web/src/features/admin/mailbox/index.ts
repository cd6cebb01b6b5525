import { IconMailCheck } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { MailboxScreen } from './MailboxScreen';

// The mailbox's settings and messages are the admin's alone: the server asks for `settings`.
export const mailboxScreen: AdminScreen = { path: 'email/pop3', key: 'pop3', icon: IconMailCheck, permission: 'settings', component: MailboxScreen };
