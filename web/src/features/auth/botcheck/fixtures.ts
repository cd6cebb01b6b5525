import type { AltchaChallenge } from './altcha';

const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A challenge as the server makes one: the hex SHA-256 of a random salt followed by the secret `number`. */
export async function makeAltchaChallenge(number: number, maxnumber: number): Promise<AltchaChallenge> {
  const salt = hex(crypto.getRandomValues(new Uint8Array(12)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(salt + number));
  return { algorithm: 'SHA-256', challenge: hex(digest), maxnumber, salt, signature: `signed-${salt}` };
}

/** What the form sends as `turnstileToken` for an ALTCHA challenge, read back. */
export const decodeAltchaPayload = (payload: string) => JSON.parse(atob(payload)) as Record<string, unknown>;
