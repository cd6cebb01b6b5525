import { IconHistory } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { AuditLogsScreen } from './AuditLogsScreen';

export const auditLogsScreen: AdminScreen = { path: 'audit-logs', key: 'auditLogs', icon: IconHistory, permission: 'auditLogs', component: AuditLogsScreen };
