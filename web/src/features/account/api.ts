import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { isQueuedWrite } from '../../api/errors';
import type { Profile } from '../../lib/form/validation';
import { MEMBER_KEY } from '../../lib/queryKeys';

export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  gender: z.nullable(z.string()),
  birthDate: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  /** The language of the account's e-mails. */
  language: z.string(),
  newsletter: z.boolean(),
  createdAt: z.number(),
});
export type Account = z.infer<typeof accountSchema>;

export const passwordChangedSchema = z.object({ otherSessionsEnded: z.number() });
export const revokedSchema = z.object({ revoked: z.number() });

export const sessionsSchema = z.object({
  now: z.number(),
  sessions: z.array(
    z.object({ id: z.string(), ip: z.string(), browser: z.string(), createdAt: z.number(), lastActivityAt: z.number(), expiresAt: z.number(), current: z.boolean() }),
  ),
});
export type OwnSession = z.infer<typeof sessionsSchema>['sessions'][number];

const ACCOUNT_KEY = [...MEMBER_KEY, 'account'] as const;
/** The member's own sessions: what the admin's changes to users and sessions refresh too. */
export const OWN_SESSIONS_KEY = [...ACCOUNT_KEY, 'sessions'] as const;

export const accountQuery = () => queryOptions({ queryKey: ACCOUNT_KEY, queryFn: ({ signal }) => apiRequest('/account', { schema: accountSchema, signal }) });

export const ownSessionsQuery = () => queryOptions({ queryKey: OWN_SESSIONS_KEY, queryFn: ({ signal }) => apiRequest('/account/sessions', { schema: sessionsSchema, signal }) });

export function useAccount() {
  return useQuery(accountQuery());
}

export function useOwnSessions() {
  return useQuery(ownSessionsQuery());
}

export function useRefreshOwnSessions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: OWN_SESSIONS_KEY });
}

/** What PATCH /api/account takes: the profile as a whole (a blank field clears it), the e-mail language, the newsletter choice. */
export type AccountChange = { profile?: Profile; language?: string; newsletter?: boolean };

/** The account as it will be once `change` is made (a blank profile field clears it). */
function withChange(account: Account, { profile, language, newsletter }: AccountChange): Account {
  const blankless = profile && Object.fromEntries(Object.entries(profile).map(([name, value]) => [name, value === '' ? null : value]));
  return { ...account, ...blankless, ...(language !== undefined && { language }), ...(newsletter !== undefined && { newsletter }) };
}

/**
 * Saves a change; the page shows the account as the server answers it. Made offline, the change waits in
 * the offline queue: the page shows it as it will be, and the `QueuedWrite` is raised for it to say so.
 */
export function useUpdateAccount() {
  const client = useQueryClient();
  return async (change: AccountChange) => {
    try {
      const saved = await apiRequest('/account', { method: 'PATCH', body: change, schema: accountSchema });
      client.setQueryData(accountQuery().queryKey, saved);
      return saved;
    } catch (failure) {
      if (isQueuedWrite(failure)) client.setQueryData(accountQuery().queryKey, (account) => account && withChange(account, change));
      throw failure;
    }
  };
}

export type PasswordChange = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/** Changes the password; the server ends the member's other sessions and says how many. */
export const changePassword = (change: PasswordChange) =>
  apiRequest('/account/password', { method: 'POST', body: change, schema: passwordChangedSchema });

export const endOtherSessions = () => apiRequest('/account/sessions/others', { method: 'DELETE', schema: revokedSchema });
