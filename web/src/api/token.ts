/** Where the signed-in user's token lives (spec §3, §7). */
export const TOKEN_KEY = 'token';

export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
