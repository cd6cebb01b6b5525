import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

import type en from './locales/en.json';

export type ScreenKey = keyof typeof en.screens;

/** The admin areas the server grants (server/src/access/permissions.rs). */
export const PERMISSIONS = ['catalogue', 'blog', 'users', 'sessions', 'auditLogs', 'settings', 'email', 'analytics', 'ai', 'cache', 'crashes'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A screen of the admin, as its area's entry (features/admin/<area>/index.ts) gives it. */
export interface AdminScreen {
  /** Under /admin; '' is the dashboard's index. */
  path: string;
  /** The key of its name under `screens` in the admin texts. */
  key: ScreenKey;
  icon: Icon;
  /** The permission it needs; the index needs none beyond being staff. */
  permission?: Permission;
  component: ComponentType;
  /** It routes pages of its own under its path (/admin/email/new, /admin/email/{id}); a sub-screen's path (/admin/email/pop3) still wins. */
  withPages?: boolean;
}

export function canOpen(screen: AdminScreen, permissions: readonly string[]): boolean {
  return screen.permission === undefined || permissions.includes(screen.permission);
}
