import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeToken } from '../test/auth';
import { tokenExpiry } from './token';

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (payload: unknown) => `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`;

describe('tokenExpiry', () => {
  afterEach(() => vi.useRealTimers());

  it('reads exp (seconds) from the base64url payload of a stored token', () => {
    expect(tokenExpiry(tokenWith({ sub: 'u-1', exp: 1_900_000_000 }), { justIssued: false })).toBe(1_900_000_000);
  });

  it('reads a payload whose base64 needs the url-safe alphabet and has no padding', () => {
    const payload = base64url({ exp: 1_900_000_123, note: '>>>???~' });
    expect(payload).toMatch(/[-_]/);
    expect(payload).not.toMatch(/[+/=]/);
    expect(tokenExpiry(`h.${payload}.s`, { justIssued: false })).toBe(1_900_000_123);
  });

  it('counts a just-issued token’s lifetime (exp − iat) from now, whatever this browser’s clock says', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-01T10:00:00Z'));
    const now = Date.now() / 1000;
    const token = tokenWith({ iat: 1_000, exp: 4_600 });
    expect(tokenExpiry(token, { justIssued: true })).toBe(now + 3_600);
    expect(tokenExpiry(token, { justIssued: false })).toBe(4_600);
    expect(tokenExpiry(makeToken({ expiresIn: 300 }), { justIssued: true })).toBe(now + 300);
  });

  it.each([
    ['not a token', 'garbage'],
    ['empty', ''],
    ['no payload', 'header..signature'],
    ['payload not base64', 'h.%%%.s'],
    ['payload not JSON', `h.${btoa('not json')}.s`],
    ['no exp', tokenWith({ sub: 'u-1' })],
    ['exp not a number', tokenWith({ exp: '1900000000' })],
    ['payload null', tokenWith(null)],
  ])('is undefined for garbage (%s)', (_case, token) => {
    expect(tokenExpiry(token, { justIssued: false })).toBeUndefined();
    expect(tokenExpiry(token, { justIssued: true })).toBeUndefined();
  });
});
