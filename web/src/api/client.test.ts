import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

import { hangingFetch, jsonResponse, mockFetch } from '../test/fetchMock';
import { apiRequest } from './client';
import { ApiError, ContractError } from './errors';
import { BASE_DELAY_MS, MAX_DELAY_MS, MAX_JITTER_MS, REQUEST_TIMEOUT_MS, retryDelay } from './limits';

describe('retryDelay', () => {
  it('doubles from 1 s and stops at 30 s, before jitter', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt, noJitter))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('adds at most one second of jitter', () => {
    for (const attempt of [0, 3, 10]) {
      const base = Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
      expect(retryDelay(attempt, () => 0.999_999)).toBeLessThan(base + MAX_JITTER_MS);
      expect(retryDelay(attempt, () => 0.5)).toBe(base + 500);
    }
  });
});

describe('apiRequest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs the request while the fake clock moves on, so that backoff waits pass. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    const result = await outcome;
    if ('error' in result) throw result.error;
    return result.value;
  }

  it('sends JSON and the bearer token when one is stored', async () => {
    localStorage.setItem('token', 'signed.token.value');
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await settle(apiRequest('/things', { method: 'POST', body: { a: 1 } }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer signed.token.value' });
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    await settle(apiRequest('/brands'));
    expect(fetchMock.mock.calls[0]![1].headers).not.toHaveProperty('Authorization');
  });

  it('retries a 5xx answer three times, then raises the server text', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ error: 'Database unavailable' }, 503));
    await expect(settle(apiRequest('/brands'))).rejects.toThrow('Database unavailable');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('succeeds when a retry gets through', async () => {
    let calls = 0;
    mockFetch(() => (++calls < 3 ? jsonResponse({}, 502) : jsonResponse(['ok'])));
    await expect(settle(apiRequest('/brands'))).resolves.toEqual(['ok']);
    expect(calls).toBe(3);
  });

  it('does not retry a 4xx answer', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ error: 'Brand not found', code: 'brand_not_found' }, 404));
    await expect(settle(apiRequest('/brands/nope'))).rejects.toThrow('Brand not found');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits the backoff between attempts: at least 1 s, then 2 s, each under one more second of jitter', async () => {
    const times: number[] = [];
    mockFetch(() => {
      times.push(Date.now());
      return jsonResponse({}, 500);
    });
    await expect(settle(apiRequest('/brands'))).rejects.toBeInstanceOf(ApiError);
    const waits = times.slice(1).map((time, index) => time - times[index]!);
    expect(waits).toHaveLength(3);
    waits.forEach((wait, attempt) => {
      expect(wait).toBeGreaterThanOrEqual(BASE_DELAY_MS * 2 ** attempt);
      expect(wait).toBeLessThan(BASE_DELAY_MS * 2 ** attempt + MAX_JITTER_MS);
    });
  });

  it('retries network errors and then raises "Request failed" (`no_answer`) without a status', async () => {
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await settle(apiRequest('/brands')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Request failed', code: 'no_answer' });
    expect((error as ApiError).status).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('gives up on an attempt after 30 s', async () => {
    const fetchMock = vi.fn(hangingFetch);
    vi.stubGlobal('fetch', fetchMock);
    const outcome = apiRequest('/brands').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + BASE_DELAY_MS + MAX_JITTER_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ message: 'Request failed' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not retry while the browser is offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(settle(apiRequest('/brands'))).rejects.toThrow('Request failed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('uses "Request failed with status {status}" (`request_failed`) when the server gives no text', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 418 }));
    await expect(settle(apiRequest('/brands'))).rejects.toMatchObject({ message: 'Request failed with status 418', code: 'request_failed', values: { status: '418' } });
  });

  it('raises the error field of a 200 answer', async () => {
    mockFetch(() => jsonResponse({ error: 'Invalid response' }));
    await expect(settle(apiRequest('/auth/login'))).rejects.toThrow('Invalid response');
  });

  it('raises a ContractError when the answer has the wrong shape', async () => {
    mockFetch(() => jsonResponse({ unexpected: true }));
    await expect(settle(apiRequest('/brands', { schema: z.array(z.object({ id: z.string() })) }))).rejects.toBeInstanceOf(ContractError);
  });
});
