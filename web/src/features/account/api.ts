import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { isQueuedWrite } from '../../api/errors';
import { queryKeys } from '../../lib/queryKeys';

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

export function useAccount() {
  return useQuery({ queryKey: queryKeys.member.account, queryFn: ({ signal }) => apiRequest('/account', { schema: accountSchema, signal }) });
}

export function useOwnSessions() {
  return useQuery({ queryKey: queryKeys.member.accountSessions, queryFn: ({ signal }) => apiRequest('/account/sessions', { schema: sessionsSchema, signal }) });
}

export function useRefreshOwnSessions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.member.accountSessions });
}

/** The profile fields; blank clears one. */
export interface Profile {
  gender: string;
  birthDate: string;
  phone: string;
  location: string;
}

/** What PATCH /api/account takes: the profile as a whole, the e-mail language, the newsletter choice. */
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
      client.setQueryData(queryKeys.member.account, saved);
      return saved;
    } catch (failure) {
      if (isQueuedWrite(failure)) client.setQueryData<Account>(queryKeys.member.account, (account) => account && withChange(account, change));
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
