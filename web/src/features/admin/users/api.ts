import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { GENDERS, type NewPassword } from '../../../lib/form/validation';
import { OWN_SESSIONS_KEY } from '../../account';
import { adminKeys } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';
import type { ServerTableView } from '../components/useServerTable';

export const USER_ROLES = ['user', 'moderator', 'editor', 'admin'] as const;
export const USER_GROUPS = ['newsletter', 'vip', 'new', 'inactive'] as const;
/** The list's group filter: everyone, or the members of one group (spec §3). */
export const GROUP_FILTERS = ['all', ...USER_GROUPS] as const;

export type UserRole = (typeof USER_ROLES)[number];
export type GroupFilter = (typeof GROUP_FILTERS)[number];

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  isAdmin: z.boolean(),
  gender: z.nullable(z.enum(GENDERS)),
  birthDate: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  groups: z.array(z.enum(USER_GROUPS)),
  createdAt: z.number(),
  lastLoginAt: z.nullable(z.number()),
  disabled: z.boolean(),
  emailVerified: z.boolean(),
  /** When the address hard-bounced (epoch ms): no campaign reaches it. */
  bouncedAt: z.nullable(z.number()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListSchema = z.object({ users: z.array(adminUserSchema), total: z.number(), page: z.number(), pageSize: z.number() });

export interface UserFilters {
  group: GroupFilter;
}

/** What the list shows: the search, group and sort (by a sortable column's key), and which page. */
export type UserListQuery = ServerTableView<UserFilters>;

/** The query string of the list's filters (the export takes the same, without the page). */
function filterParams({ search, filters, sort }: UserListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim() !== '') params.set('search', search.trim());
  params.set('group', filters.group);
  if (sort) {
    params.set('sort', sort.key);
    params.set('order', sort.descending ? 'desc' : 'asc');
  }
  return params;
}

/** One page of users; while another page loads, the last one stays on screen. */
export function userListQuery(query: UserListQuery) {
  const params = filterParams(query);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return queryOptions({
    queryKey: [...adminKeys.users, query],
    queryFn: ({ signal }) => apiRequest(`/users/list?${params}`, { schema: userListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useUserList = (query: UserListQuery) => useQuery(userListQuery(query));

/** Saves the users the filters leave (every page) as CSV. */
export const exportUsers = (query: UserListQuery) => downloadFile(`/users/export?${filterParams(query)}`, 'users.csv');

/** Saves the chosen users as CSV. */
export const exportSelectedUsers = (ids: readonly string[]) => downloadFile(`/users/export?ids=${ids.map(encodeURIComponent).join(',')}`, 'users.csv');

export interface NewUser extends NewPassword {
  username: string;
  email: string;
  gender?: string;
  birthDate?: string;
  phone?: string;
  location?: string;
  role: UserRole;
  isAdmin: boolean;
  vip: boolean;
}

/**
 * What a change to users refreshes: the user lists, the dashboard's counts, the audit log (which records
 * it) and the sessions (disabling or deleting ends them).
 */
const USER_VIEWS = [adminKeys.users, adminKeys.stats, adminKeys.auditLogs, adminKeys.sessions, OWN_SESSIONS_KEY];

export function useCreateUser() {
  return useRefreshingMutation((user: NewUser) => apiRequest('/users/create', { method: 'POST', body: user, schema: adminUserSchema }), USER_VIEWS);
}

export type UserChange = { isAdmin: boolean } | { role: UserRole } | { disabled: boolean };

export function useUpdateUser() {
  return useRefreshingMutation(
    ({ id, change }: { id: string; change: UserChange }) =>
      apiRequest(`/users/update/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, schema: adminUserSchema }),
    USER_VIEWS,
  );
}

export function useDeleteUser() {
  return useRefreshingMutation((id: string) => apiRequest(`/users/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }), USER_VIEWS);
}

export const changedSchema = z.object({ changed: z.number() });

/** Adds the users to the VIP group (`member` true), or takes them out of it. */
export function useSetVip() {
  return useRefreshingMutation(
    ({ userIds, member }: { userIds: readonly string[]; member: boolean }) =>
      apiRequest('/users/groups/vip/members', { method: member ? 'POST' : 'DELETE', body: { userIds }, schema: changedSchema }),
    USER_VIEWS,
  );
}
