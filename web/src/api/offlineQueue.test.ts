import { beforeEach, describe, expect, it, vi } from 'vitest';

import { setBrowserOnline } from '../test/browser';
import { jsonResponse, mockFetch } from '../test/fetchMock';
import { apiRequest, apiSend, type RequestOptions } from './client';
import { checkHealth } from './connectivity';
import { ApiError, isQueuedWrite, QueuedWrite } from './errors';
import {
  dismissQueueProblem,
  flushQueue,
  MAX_QUEUE_CHARS,
  MAX_QUEUED_CALLS,
  mayWaitOffline,
  pendingCalls,
  QUEUE_KEY,
  queuedCalls,
  queueProblems,
} from './offlineQueue';
import { LEASE_KEY } from './offlineQueueFlush';
import { onTokenRejected } from './token';

// What one test's flushes reported is not another's.
beforeEach(() => queueProblems().forEach((problem) => dismissQueueProblem(problem.id)));

describe('offline queue', () => {
  it('queues changes made offline, in order, in localStorage', async () => {
    setBrowserOnline(false);
    const fetchMock = mockFetch(() => jsonResponse({}));
    await expect(apiSend('/notes', { method: 'POST', body: { n: 1 } })).resolves.toEqual({ queued: true });
    await apiSend('/notes/7', { method: 'DELETE' });
    expect(fetchMock).not.toHaveBeenCalled();
    const stored = JSON.parse(localStorage.getItem(QUEUE_KEY)!) as { method: string; path: string; body?: unknown }[];
    expect(stored.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/notes', body: { n: 1 } },
      { method: 'DELETE', path: '/notes/7', body: undefined },
    ]);
  });

  it('sends the queue in order once back online and empties it', async () => {
    setBrowserOnline(false);
    await apiSend('/a', { method: 'POST', body: 1 });
    await apiSend('/b', { method: 'PUT', body: 2 });
    await apiSend('/c', { method: 'PATCH', body: 3 });
    setBrowserOnline(true);
    const fetchMock = mockFetch(() => jsonResponse({}));
    await expect(flushQueue()).resolves.toBe(3);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url} ${init.body as string}`)).toEqual([
      'POST /api/a 1',
      'PUT /api/b 2',
      'PATCH /api/c 3',
    ]);
    expect(queuedCalls()).toEqual([]);
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('survives a reload: the queue is read back from localStorage', async () => {
    localStorage.setItem(QUEUE_KEY, JSON.stringify([{ id: 'x', method: 'POST', path: '/kept', body: { k: true }, queuedAt: 1 }]));
    const fetchMock = mockFetch(() => jsonResponse({}));
    await flushQueue();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/kept');
    expect(fetchMock.mock.calls[0]![1].body).toBe('{"k":true}');
  });

  it('stops at a network error or a 5xx and keeps the rest in order', async () => {
    setBrowserOnline(false);
    await apiSend('/first', { method: 'POST' });
    await apiSend('/second', { method: 'POST' });
    await apiSend('/third', { method: 'POST' });
    setBrowserOnline(true);
    mockFetch((url) => (url === '/api/second' ? jsonResponse({ error: 'busy' }, 503) : jsonResponse({})));
    await expect(flushQueue()).resolves.toBe(1);
    expect(queuedCalls().map((call) => call.path)).toEqual(['/second', '/third']);

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(flushQueue()).resolves.toBe(0);
    expect(queuedCalls().map((call) => call.path)).toEqual(['/second', '/third']);
  });

  it('drops a call the server refuses (4xx): retrying cannot fix it', async () => {
    setBrowserOnline(false);
    await apiSend('/refused', { method: 'POST' });
    await apiSend('/fine', { method: 'POST' });
    setBrowserOnline(true);
    mockFetch((url) => (url === '/api/refused' ? jsonResponse({ error: 'Authentication required', code: 'authentication_required' }, 401) : jsonResponse({})));
    await expect(flushQueue()).resolves.toBe(2);
    expect(queuedCalls()).toEqual([]);
  });

  it('sends at once when online and returns the answer', async () => {
    mockFetch(() => jsonResponse({ saved: true }));
    await expect(apiSend('/notes', { method: 'POST' })).resolves.toEqual({ queued: false, data: { saved: true } });
    expect(queuedCalls()).toEqual([]);
  });

  it('raises server errors of changes instead of queueing them', async () => {
    mockFetch(() => jsonResponse({ error: 'Username is required', code: 'username_required' }, 400));
    await expect(apiSend('/users/create', { method: 'POST', body: {} })).rejects.toThrow('Username is required');
    expect(queuedCalls()).toEqual([]);
  });
});

/** A token as the server signs them, for the user `sub` (the signature is not checked here). */
const tokenFor = (sub: string) => `h.${btoa(JSON.stringify({ sub, sid: 's', iat: 1, exp: 4_000_000_000 }))}.sig`;

describe('writes made offline through apiRequest', () => {
  it('wait in the queue and raise QueuedWrite instead of failing; reads do not', async () => {
    setBrowserOnline(false);
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/admin/brands/bloch', { method: 'PUT', body: { name: 'Bloch' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QueuedWrite);
    expect(isQueuedWrite(error)).toBe(true);
    expect((error as QueuedWrite).code).toBe('queued_offline');
    await expect(apiRequest('/account', { method: 'PATCH', body: { newsletter: true } })).rejects.toBeInstanceOf(QueuedWrite);
    await expect(apiRequest('/brands')).rejects.toMatchObject({ code: 'no_answer', message: 'Request failed' });
    expect(queuedCalls().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PUT', path: '/admin/brands/bloch', body: { name: 'Bloch' } },
      { method: 'PATCH', path: '/account', body: { newsletter: true } },
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/brands']);
  });

  it('waits too when the connection drops and no answer comes', async () => {
    mockFetch(() => {
      setBrowserOnline(false);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    await expect(apiRequest('/admin/products/elite', { method: 'DELETE' })).rejects.toBeInstanceOf(QueuedWrite);
    expect(queuedCalls().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /admin/products/elite']);
  });

  it('leaves out sign-in and the other auth calls, answers the screen needs, security actions and secrets', async () => {
    setBrowserOnline(false);
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const notQueued: [string, RequestOptions<unknown>][] = [
      ['/auth/login', { method: 'POST', body: { username: 'odette', turnstileToken: 'x' } }],
      ['/auth/signup', { method: 'POST', body: { username: 'odette' } }],
      ['/auth/verify-code', { method: 'POST', body: { challengeId: 'c', code: '123456' } }],
      ['/auth/request-password-reset', { method: 'POST', body: { email: 'o@example.org' } }],
      ['/auth/reset-password', { method: 'POST', body: {} }],
      ['/auth/refresh', { method: 'POST' }],
      ['/auth/logout', { method: 'POST' }],
      ['/auth/verify', { method: 'POST', body: {} }],
      ['/account/password', { method: 'POST', body: { currentPassword: 'a', newPassword: 'b' } }],
      ['/account/sessions/others', { method: 'DELETE' }],
      ['/sessions/revoke/s1', { method: 'DELETE' }],
      ['/admin/blog/preview', { method: 'POST', body: { markdown: '# Hi' } }],
      ['/admin/email/campaigns/audience', { method: 'POST', body: {} }],
      ['/admin/email/campaigns/c1/send', { method: 'POST' }],
      ['/admin/email/templates/test', { method: 'POST', body: { to: 'o@example.org' } }],
      ['/admin/cache', { method: 'DELETE' }],
      ['/admin/uploads', { method: 'POST', body: new FormData() }],
      ['/users/create', { method: 'POST', body: { username: 'clara', password: 'secret!1' } }],
      ['/admin/settings/email', { method: 'PUT', body: { provider: 'smtp', smtp: { host: 'h', password: '********' } } }],
      ['/admin/settings/ai-providers', { method: 'PUT', body: { gateway: { apiKey: 'k' } } }],
      ['/email/unsubscribe?token=t', { method: 'POST' }],
    ];
    for (const [path, options] of notQueued) {
      const error = await apiRequest(path, options).catch((caught: unknown) => caught);
      expect(error, path).toBeInstanceOf(ApiError);
      expect(isQueuedWrite(error), path).toBe(false);
      expect((error as ApiError).message, path).toBe('Request failed');
    }
    expect(queuedCalls()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(notQueued.length);
    expect(mayWaitOffline({ method: 'PUT', path: '/admin/settings/site', body: { name: 'Pointe' } })).toBe(true);
    expect(mayWaitOffline({ method: 'POST', path: '/ai/feedback', body: { id: 'a', rating: 1 } })).toBe(true);
    expect(mayWaitOffline({ method: 'GET', path: '/brands' })).toBe(false);
  });

  it('are bounded: past the cap a write is refused with its own message and the queue is left as it was', async () => {
    setBrowserOnline(false);
    for (let n = 0; n < MAX_QUEUED_CALLS; n++) await expect(apiRequest(`/notes/${n}`, { method: 'DELETE' })).rejects.toBeInstanceOf(QueuedWrite);
    const full = await apiRequest('/notes/one-more', { method: 'DELETE' }).catch((caught: unknown) => caught);
    expect(full).toBeInstanceOf(ApiError);
    expect(isQueuedWrite(full)).toBe(false);
    expect((full as ApiError).code).toBe('offline_queue_full');
    expect(queuedCalls()).toHaveLength(MAX_QUEUED_CALLS);
    expect(queuedCalls().at(-1)!.path).toBe(`/notes/${MAX_QUEUED_CALLS - 1}`);

    localStorage.removeItem(QUEUE_KEY);
    const big = 'x'.repeat(MAX_QUEUE_CHARS / 2);
    await expect(apiRequest('/admin/blog/posts/a', { method: 'PUT', body: { body: big } })).rejects.toBeInstanceOf(QueuedWrite);
    await expect(apiRequest('/admin/blog/posts/b', { method: 'PUT', body: { body: big } })).rejects.toMatchObject({ code: 'offline_queue_full' });
    expect(queuedCalls().map((call) => call.path)).toEqual(['/admin/blog/posts/a']);
  });
});

describe('sending the queue', () => {
  it('sends each call once, in order, however many flushes start at once', async () => {
    setBrowserOnline(false);
    for (const path of ['/first', '/second', '/third']) await apiSend(path, { method: 'POST', body: path });
    setBrowserOnline(true);
    const fetchMock = mockFetch(() => new Promise((resolve) => setTimeout(() => resolve(jsonResponse({})), 5)));
    const results = await Promise.all([flushQueue(), flushQueue(), flushQueue()]);
    await flushQueue();
    expect(results).toEqual([3, 3, 3]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/first', '/api/second', '/api/third']);
    expect(queuedCalls()).toEqual([]);
  });

  it('is sent when the health check answers again', async () => {
    setBrowserOnline(false);
    await apiRequest('/admin/brands/bloch', { method: 'PUT', body: { name: 'Bloch' } }).catch(() => undefined);
    setBrowserOnline(true);
    const fetchMock = mockFetch(() => jsonResponse({}));
    await checkHealth();
    await vi.waitFor(() => expect(queuedCalls()).toEqual([]));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual(['HEAD /api/health', 'PUT /api/admin/brands/bloch']);
  });

  it('leaves the queue to the tab that holds its lock', async () => {
    localStorage.setItem(QUEUE_KEY, JSON.stringify([{ id: 'x', method: 'POST', path: '/kept', queuedAt: 1 }]));
    const fetchMock = mockFetch(() => jsonResponse({}));
    // Another tab's lease (where the Web Locks API is missing), still running.
    localStorage.setItem(LEASE_KEY, JSON.stringify({ tab: 'another', until: Date.now() + 10_000 }));
    await expect(flushQueue()).resolves.toBe(0);
    // The Web Locks API: the lock is taken.
    localStorage.removeItem(LEASE_KEY);
    const request = vi.fn((_name: string, _options: LockOptions, work: (lock: Lock | null) => unknown) => Promise.resolve(work(null)));
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    try {
      await expect(flushQueue()).resolves.toBe(0);
      expect(request).toHaveBeenCalledWith('pointe-offline-queue', { ifAvailable: true }, expect.any(Function));
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
    expect(fetchMock).not.toHaveBeenCalled();
    // The lease ran out (its tab closed): this tab sends.
    localStorage.setItem(LEASE_KEY, JSON.stringify({ tab: 'another', until: Date.now() - 1 }));
    await expect(flushQueue()).resolves.toBe(1);
    expect(localStorage.getItem(LEASE_KEY)).toBeNull();
  });

  it('does not send again a call a closed page was sending, and says so', async () => {
    localStorage.setItem(
      QUEUE_KEY,
      JSON.stringify([
        { id: 'cut', method: 'PUT', path: '/admin/brands/bloch', body: {}, queuedAt: 1, sendingSince: 2 },
        { id: 'next', method: 'DELETE', path: '/admin/brands/old', queuedAt: 3 },
      ]),
    );
    const fetchMock = mockFetch(() => jsonResponse({}));
    await expect(flushQueue()).resolves.toBe(1);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/admin/brands/old']);
    expect(queueProblems()).toEqual([{ id: 'cut', call: { method: 'PUT', path: '/admin/brands/bloch' }, kind: 'uncertain' }]);
    dismissQueueProblem('cut');
    expect(queueProblems()).toEqual([]);
  });

  it('reports a refusal (4xx) with what the server said and goes on with the rest', async () => {
    setBrowserOnline(false);
    await apiSend('/admin/brands', { method: 'POST', body: { id: 'bloch' } });
    await apiSend('/admin/products/elite', { method: 'DELETE' });
    setBrowserOnline(true);
    mockFetch((url) => (url === '/api/admin/brands' ? jsonResponse({ error: 'This id is already in use', code: 'id_taken' }, 409) : jsonResponse({})));
    await expect(flushQueue()).resolves.toBe(2);
    expect(queuedCalls()).toEqual([]);
    expect(queueProblems()).toMatchObject([{ call: { method: 'POST', path: '/admin/brands' }, kind: 'refused', status: 409, reason: { code: 'id_taken', message: 'This id is already in use' } }]);
    dismissQueueProblem(queueProblems()[0]!.id);
  });

  it('sends a signed-in user’s calls only with their token, and keeps them through a refused token', async () => {
    localStorage.setItem('token', tokenFor('odette'));
    setBrowserOnline(false);
    await apiSend('/account', { method: 'PATCH', body: { newsletter: true } });
    expect(queuedCalls()[0]!.owner).toBe('odette');
    setBrowserOnline(true);
    const fetchMock = mockFetch(() => jsonResponse({ error: 'Authentication required', code: 'authentication_required' }, 401));
    const signedOut = vi.fn();
    const stop = onTokenRejected(signedOut);
    await expect(flushQueue()).resolves.toBe(0);
    stop();
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(queuedCalls().map((call) => [call.path, call.sendingSince])).toEqual([['/account', undefined]]);
    // Another member signs in on this browser: odette's change is neither sent nor counted for them.
    localStorage.setItem('token', tokenFor('clara'));
    expect(pendingCalls()).toEqual([]);
    await expect(flushQueue()).resolves.toBe(0);
    localStorage.removeItem('token');
    await expect(flushQueue()).resolves.toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // odette again: it goes.
    localStorage.setItem('token', tokenFor('odette'));
    mockFetch(() => jsonResponse({}));
    await expect(flushQueue()).resolves.toBe(1);
    expect(queuedCalls()).toEqual([]);
  });
});
