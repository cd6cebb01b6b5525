/** A proof-of-work challenge as the server issues it (ALTCHA protocol v1). */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Digests run side by side in each batch: far faster than one at a time, and the page stays responsive. */
const BATCH = 500;

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Finds the number whose SHA-256 of `salt + number` is the challenge and returns the payload the server
 * expects as `turnstileToken` (base64 JSON); undefined when no number up to `maxnumber` fits.
 */
export async function solveAltcha(challenge: AltchaChallenge, signal?: AbortSignal): Promise<string | undefined> {
  const encoder = new TextEncoder();
  const started = performance.now();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    signal?.throwIfAborted();
    const numbers = Array.from({ length: Math.min(BATCH, challenge.maxnumber - start + 1) }, (_, index) => start + index);
    const digests = await Promise.all(numbers.map((number) => crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + number))));
    const found = digests.findIndex((digest) => hex(digest) === challenge.challenge);
    if (found >= 0) {
      const { algorithm, challenge: hash, salt, signature } = challenge;
      const payload = { algorithm, challenge: hash, number: numbers[found], salt, signature, took: Math.round(performance.now() - started) };
      return btoa(JSON.stringify(payload));
    }
  }
  return undefined;
}
