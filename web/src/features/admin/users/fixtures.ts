import type { AdminUser } from './api';

/** The tests' clock: users' dates are counted back from it. */
export const NOW = Date.UTC(2026, 10, 23, 12, 0);
const DAY = 86_400_000;

export const userRecord = (id: string, username: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username,
  email: `${username}@example.org`,
  role: 'user',
  isAdmin: false,
  gender: null,
  birthDate: null,
  phone: null,
  location: null,
  groups: [],
  createdAt: NOW - 10 * DAY,
  lastLoginAt: NOW - DAY,
  disabled: false,
  emailVerified: true,
  bouncedAt: null,
  ...extra,
});

/** The signed-in admin of the tests (`admin` in test/auth), as the list shows them. */
export const me = userRecord('u-2', 'rothbart', { role: 'admin', isAdmin: true });
export const odette = userRecord('u-10', 'odette', { groups: ['newsletter', 'vip'] });
export const siegfried = userRecord('u-11', 'siegfried', { role: 'editor', lastLoginAt: null, disabled: true, groups: ['inactive'] });
export const giselle = userRecord('u-12', 'giselle', { role: 'admin', isAdmin: true, bouncedAt: NOW - 2 * DAY });
export const listed = [me, odette, siegfried, giselle];

/** The list's answer: `users` as the page, `total` across pages. */
export const userPage = (users: AdminUser[], total = users.length, page = 1, pageSize = 10) => ({ users, total, page, pageSize });
