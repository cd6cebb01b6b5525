/** Request limits from the spec (§7, §9). */
export const MAX_RETRIES = 3;
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
export const MAX_JITTER_MS = 1_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEALTH_CHECK_INTERVAL_MS = 30_000;

/** Exponential backoff before retry number `attempt + 1`: 1 s, 2 s, 4 s … capped at 30 s, plus up to 1 s of jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  return Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS) + random() * MAX_JITTER_MS;
}
