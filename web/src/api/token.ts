/** Where the signed-in user's token lives (spec §3, §7). */
export const TOKEN_KEY = 'token';

export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage is unavailable: there is no token to remove.
  }
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The token's `exp` and `iat` (seconds since the epoch, by the server's clock); undefined when unreadable. */
export function tokenTimes(token: string): { exp: number; iat: number | undefined } | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const { exp, iat } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    return isTime(exp) ? { exp, iat: isTime(iat) ? iat : undefined } : undefined;
  } catch {
    return undefined;
  }
}

/** The token's subject (`sub`, the user's id); undefined when unreadable. */
export function tokenSubject(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the token expires by this browser's clock. A token just issued lasts its lifetime (`exp - iat`)
 * from now, so a browser whose clock is off still warns at the right moment; a stored one is read as is.
 */
export function tokenExpiry(token: string, { justIssued }: { justIssued: boolean }): number | undefined {
  const times = tokenTimes(token);
  if (!times) return undefined;
  return justIssued && times.iat !== undefined ? Math.floor(Date.now() / 1000) + times.exp - times.iat : times.exp;
}

const rejectedListeners = new Set<() => void>();

/** Called when the server refuses the stored token (revoked or expired session): the app signs out. */
export function onTokenRejected(listener: () => void): () => void {
  rejectedListeners.add(listener);
  return () => rejectedListeners.delete(listener);
}

export function tokenRejected(): void {
  rejectedListeners.forEach((listener) => listener());
}
