import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { queryKeys, refresh } from '../../../lib/queryKeys';

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

const sessionListSchema = z.object({ now: z.number(), sessions: z.array(sessionSchema) });

/** Live sessions, of one user when `userId` is given (spec §7 `GET /sessions/list?user_id=`). */
export function useSessions(userId: string | null) {
  const query = userId ? `?user_id=${encodeURIComponent(userId)}` : '';
  return useQuery({
    queryKey: queryKeys.admin.sessions.of(userId),
    queryFn: ({ signal }) => apiRequest(`/sessions/list${query}`, { schema: sessionListSchema, signal }),
  });
}

export function useRefreshSessions() {
  const client = useQueryClient();
  return () => refresh(client, [queryKeys.admin.sessions.all, queryKeys.member.accountSessions, queryKeys.admin.stats]);
}

export const revokeSession = (id: string) => apiRequest(`/sessions/revoke/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const revokeUserSessions = (userId: string) => apiRequest(`/sessions/revoke-user/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export { formatSpan } from '../../../components/timeSpan';
