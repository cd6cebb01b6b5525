import { describe, expect, it } from 'vitest';

import { decodeAltchaPayload as decode, makeAltchaChallenge } from './fixtures';
import { solveAltcha } from './altcha';

describe('solveAltcha', () => {
  it('finds the number and returns base64 JSON with it and the challenge’s salt and signature', async () => {
    const number = 700 + Math.floor(Math.random() * 300); // past the first batch of digests
    const challenge = await makeAltchaChallenge(number, 1_000);
    const payload = await solveAltcha(challenge);
    expect(payload).toBeDefined();
    expect(decode(payload!)).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: expect.any(Number) as number,
    });
  });

  it('finds 0 and maxnumber itself', async () => {
    expect(decode((await solveAltcha(await makeAltchaChallenge(0, 10)))!).number).toBe(0);
    expect(decode((await solveAltcha(await makeAltchaChallenge(10, 10)))!).number).toBe(10);
  });

  it('returns undefined when no number up to maxnumber fits', async () => {
    const challenge = await makeAltchaChallenge(600, 599);
    expect(await solveAltcha(challenge)).toBeUndefined();
  });

  it('stops when its signal is aborted', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(solveAltcha(await makeAltchaChallenge(5, 10), aborted.signal)).rejects.toMatchObject({ name: 'AbortError' });

    const later = new AbortController();
    const solving = solveAltcha(await makeAltchaChallenge(5_000_000, 5_000_000), later.signal);
    later.abort();
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
  });
});
