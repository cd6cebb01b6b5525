import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { OWN_SESSIONS_KEY } from '../../account';
import { adminKeys } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';

export const sessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  ip: z.string(),
  browser: z.string(),
  createdAt: z.number(),
  lastActivityAt: z.number(),
  expiresAt: z.number(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ now: z.number(), sessions: z.array(sessionSchema) });

/** Live sessions, of one user when `userId` is given (spec §7 `GET /sessions/list?user_id=`). */
export function sessionsQuery(userId: string | null) {
  const query = userId ? `?user_id=${encodeURIComponent(userId)}` : '';
  return queryOptions({
    queryKey: [...adminKeys.sessions, userId ?? ''],
    queryFn: ({ signal }) => apiRequest(`/sessions/list${query}`, { schema: sessionListSchema, signal }),
  });
}

export const useSessions = (userId: string | null) => useQuery(sessionsQuery(userId));

/** Ends one session, or every session of a user; the session lists and the dashboard's count follow. */
export function useRevokeSessions() {
  return useRefreshingMutation(
    (revoking: { sessionId: string } | { userId: string }) =>
      'sessionId' in revoking
        ? apiRequest(`/sessions/revoke/${encodeURIComponent(revoking.sessionId)}`, { method: 'DELETE' })
        : apiRequest(`/sessions/revoke-user/${encodeURIComponent(revoking.userId)}`, { method: 'DELETE' }),
    [adminKeys.sessions, OWN_SESSIONS_KEY, adminKeys.stats],
  );
}

export { formatSpan } from '../../../components/timeSpan';
