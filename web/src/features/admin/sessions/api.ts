import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { MEMBER_QUERY_KEY } from '../../auth/limits';

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

const SESSIONS_KEY = [...MEMBER_QUERY_KEY, 'admin', 'sessions'];

/** Live sessions, of one user when `userId` is given (spec §7 `GET /sessions/list?user_id=`). */
export function useSessions(userId: string | null) {
  const query = userId ? `?user_id=${encodeURIComponent(userId)}` : '';
  return useQuery({
    queryKey: [...SESSIONS_KEY, userId ?? ''],
    queryFn: ({ signal }) => apiRequest(`/sessions/list${query}`, { schema: sessionListSchema, signal }),
  });
}

export function useRefreshSessions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: ({ queryKey }) => queryKey.includes('sessions') || queryKey.includes('stats') });
}

export const revokeSession = (id: string) => apiRequest(`/sessions/revoke/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const revokeUserSessions = (userId: string) => apiRequest(`/sessions/revoke-user/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export { formatSpan } from '../../../components/timeSpan';
