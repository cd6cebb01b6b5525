import { MEMBER_KEY } from '../../lib/queryKeys';

/** The admin's data, under the member's: the session drops it at logout. */
export const ADMIN_KEY = [...MEMBER_KEY, 'admin'] as const;

/**
 * The areas' keys that other areas refresh: each the prefix of its area's queries (which build on it here,
 * not on the area's entry, which would bring the whole area and a loop of imports with it).
 */
export const adminKeys = {
  /** The dashboard's counts. */
  stats: [...ADMIN_KEY, 'stats'],
  /** The dashboard's tiles. */
  overview: [...ADMIN_KEY, 'overview'],
  users: [...ADMIN_KEY, 'users'],
  /** The catalogue's products (a family change moves them) and the model families (a product change renames or removes their models). */
  products: [...ADMIN_KEY, 'products'],
  families: [...ADMIN_KEY, 'families'],
  auditLogs: [...ADMIN_KEY, 'auditLogs'],
  sessions: [...ADMIN_KEY, 'sessions'],
  /** The campaigns' audience counts (a lifted suppression changes them). */
  campaignAudiences: [...ADMIN_KEY, 'campaigns', 'audience'],
} as const;
