import {
  IconAddressBook,
  IconBrain,
  IconBug,
  IconChartBar,
  IconDatabase,
  IconGauge,
  IconHistory,
  IconMail,
  IconMailCheck,
  IconNews,
  IconSettings,
  IconShoe,
  IconTag,
  IconTemplate,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

import type en from './locales/en.json';

export type ScreenKey = keyof typeof en.screens;

/** The admin areas the server grants (server/src/access/permissions.rs). */
export const PERMISSIONS = ['catalogue', 'blog', 'users', 'sessions', 'auditLogs', 'settings', 'email', 'analytics', 'ai', 'cache', 'crashes'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface AdminScreen {
  /** Under /admin; '' is the dashboard's index. */
  path: string;
  /** The key of its name under `screens` in the admin texts. */
  key: ScreenKey;
  icon: Icon;
  /** The permission it needs; the index needs none beyond being staff. */
  permission?: Permission;
}

/** Every admin route of spec §2, in the navigation's order. */
export const ADMIN_SCREENS: AdminScreen[] = [
  { path: '', key: 'dashboard', icon: IconGauge },
  { path: 'brands', key: 'brands', icon: IconTag, permission: 'catalogue' },
  { path: 'products', key: 'products', icon: IconShoe, permission: 'catalogue' },
  { path: 'blog', key: 'blog', icon: IconNews, permission: 'blog' },
  { path: 'users', key: 'users', icon: IconUsers, permission: 'users' },
  { path: 'sessions', key: 'sessions', icon: IconAddressBook, permission: 'sessions' },
  { path: 'audit-logs', key: 'auditLogs', icon: IconHistory, permission: 'auditLogs' },
  { path: 'settings', key: 'settings', icon: IconSettings, permission: 'settings' },
  { path: 'email', key: 'email', icon: IconMail, permission: 'email' },
  // The mailbox's settings and messages are the admin's alone: the server asks for `settings`.
  { path: 'email/pop3', key: 'pop3', icon: IconMailCheck, permission: 'settings' },
  { path: 'templates', key: 'templates', icon: IconTemplate, permission: 'email' },
  { path: 'analytics', key: 'analytics', icon: IconChartBar, permission: 'analytics' },
  { path: 'ai', key: 'ai', icon: IconBrain, permission: 'ai' },
  { path: 'cache', key: 'cache', icon: IconDatabase, permission: 'cache' },
  { path: 'crashes', key: 'crashes', icon: IconBug, permission: 'crashes' },
];

export function canOpen(screen: AdminScreen, permissions: readonly string[]): boolean {
  return screen.permission === undefined || permissions.includes(screen.permission);
}
