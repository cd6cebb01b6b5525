import { aiScreen } from './ai';
import type { AdminScreen } from './adminScreen';
import { analyticsScreen } from './analytics';
import { auditLogsScreen } from './auditLogs';
import { blogScreen } from './blog';
import { cacheScreen } from './cache';
import { campaignsScreen } from './campaigns';
import { brandsScreen, productsScreen } from './catalogue';
import { crashesScreen } from './crashes';
import { dashboardScreen } from './dashboard';
import { familiesScreen } from './families';
import { mailboxScreen } from './mailbox';
import { sessionsScreen } from './sessions';
import { settingsScreen } from './settings';
import { templatesScreen } from './templates';
import { usersScreen } from './users';

/** Every admin route of spec §2, in the navigation's order, each from its area's entry. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  dashboardScreen,
  brandsScreen,
  productsScreen,
  familiesScreen,
  blogScreen,
  usersScreen,
  sessionsScreen,
  auditLogsScreen,
  settingsScreen,
  campaignsScreen,
  mailboxScreen,
  templatesScreen,
  analyticsScreen,
  aiScreen,
  cacheScreen,
  crashesScreen,
];
