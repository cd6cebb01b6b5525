import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { ApiError } from '../../api/errors';

/** Who a session is for, and the calls that check, renew and end it. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  isAdmin: z.boolean(),
  /** The admin areas this user may use (server/src/access/permissions.rs); empty for members. */
  permissions: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const signedInSchema = z.object({ token: z.string().check(z.minLength(1)), user: userSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

export const verifiedSchema = z.object({ valid: z.boolean(), user: userSchema });

export async function verifyToken(token: string): Promise<User> {
  const answer = await apiRequest('/auth/verify', { method: 'POST', body: { token }, schema: verifiedSchema });
  if (!answer.valid) throw new ApiError('Token verification failed', 401, { code: 'verify_failed' });
  return answer.user;
}

export function refreshToken(): Promise<SignedIn> {
  return apiRequest('/auth/refresh', { method: 'POST', schema: signedInSchema });
}

export async function logout(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST' });
}
