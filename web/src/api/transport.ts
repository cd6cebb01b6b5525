import { noAnswer } from './errors';
import { MAX_RETRIES, REQUEST_TIMEOUT_MS, retryDelay } from './limits';
import { storedToken } from './token';

export const API_BASE = '/api';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  method: Method;
  path: string;
  body?: unknown;
  /** What the answer may be; JSON unless said (a file download takes any type). */
  accept?: string;
}

/**
 * One attempt: JSON headers, the bearer token when there is one, and the 30 s timeout. A `FormData`
 * body (an image upload) goes as multipart, with the type and boundary the browser sets.
 */
export async function fetchOnce(call: Call, signal?: AbortSignal): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('Request timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const abort = () => timeout.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  const multipart = call.body instanceof FormData;
  const accept = call.accept ?? 'application/json';
  const headers: Record<string, string> = multipart ? { Accept: accept } : { 'Content-Type': 'application/json', Accept: accept };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : multipart ? (call.body as FormData) : JSON.stringify(call.body),
      signal: timeout.signal,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * The call with up to three retries on 5xx answers, network errors and timeouts, waiting
 * `retryDelay` between attempts. A 4xx answer is returned at once. While the browser is offline a
 * failed attempt is not retried: the caller falls back (cached data, offline queue) straight away.
 */
export async function fetchWithRetry(call: Call, signal?: AbortSignal): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < MAX_RETRIES;
    try {
      const response = await fetchOnce(call, signal);
      if (response.status < 500 || !canRetry) return response;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (!canRetry || !browserOnline()) throw noAnswer(error);
    }
    await sleep(retryDelay(attempt));
  }
}

/** The answer's JSON, or `undefined` when it has none (an empty body, HTML from a proxy…). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
