import { describe, expect, it } from 'vitest';

import { setBrowserOnline } from '../test/browser';
import { jsonResponse, mockFetch } from '../test/fetchMock';
import { apiSend } from './client';
import { flushQueue, QUEUE_KEY, queuedCalls } from './offlineQueue';

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
    mockFetch((url) => (url === '/api/refused' ? jsonResponse({ error: 'Authentication required' }, 401) : jsonResponse({})));
    await expect(flushQueue()).resolves.toBe(2);
    expect(queuedCalls()).toEqual([]);
  });

  it('sends at once when online and returns the answer', async () => {
    mockFetch(() => jsonResponse({ saved: true }));
    await expect(apiSend('/notes', { method: 'POST' })).resolves.toEqual({ queued: false, data: { saved: true } });
    expect(queuedCalls()).toEqual([]);
  });

  it('raises server errors of changes instead of queueing them', async () => {
    mockFetch(() => jsonResponse({ error: 'Username is required' }, 400));
    await expect(apiSend('/users/create', { method: 'POST', body: {} })).rejects.toThrow('Username is required');
    expect(queuedCalls()).toEqual([]);
  });
});
