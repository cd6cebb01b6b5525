/**
 * Every admin screen's path under /admin, in the navigation's order. The app's list
 * (src/features/admin/screens.ts) carries the screens' components, which Node cannot load outside the
 * bundler; src/features/admin/screens.test.ts fails when the two differ.
 */
export const ADMIN_PATHS = [
  '',
  'brands',
  'products',
  'families',
  'blog',
  'users',
  'sessions',
  'audit-logs',
  'settings',
  'email',
  'email/pop3',
  'templates',
  'analytics',
  'ai',
  'cache',
  'crashes',
] as const;
