import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces `fetch` with a mock answering from `answer`, recording every call. */
export function mockFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => fetchMock(input instanceof Request ? input.url : String(input), init));
  return fetchMock;
}

/** A fetch that never answers until its signal aborts, like a hung server. */
export function hangingFetch(_input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject((init.signal?.reason as Error | undefined) ?? new DOMException('Aborted', 'AbortError')));
  });
}
