import type { z } from 'zod/mini';

import { isOnline } from './connectivity';
import { ApiError, ContractError, errorFromAnswer, isQueuedWrite, noAnswer, QueuedWrite, serverErrorText } from './errors';
import { enqueue, mayWaitOffline } from './offlineQueue';
import { storedToken, tokenRejected } from './token';
import { fetchOnce, fetchWithRetry, readJson, type Call, type Method } from './transport';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** Checks the answer's shape; a mismatch raises a ContractError. */
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
}

/**
 * Calls the API and returns its JSON answer, raising the spec's error texts (§8) on failure. A write made
 * offline (the browser's or the health check's word), or that got no answer at all, waits in the offline
 * queue when `mayWaitOffline` allows (offlineQueue.ts: not sign-in, not a call whose answer the screen
 * needs, nothing secret) and raises `QueuedWrite`: the screen says it is saved on this device, and the
 * queue sends it when the connection returns.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const call: Call = { method: options.method ?? 'GET', path, body: options.body };
  const response = mayWaitOffline(call) ? await sendOrQueue(call, options.signal) : await apiFetch(call, options.signal);
  const body = await readJson(response);
  if (!response.ok || serverErrorText(body) !== undefined) throw errorFromAnswer(body, response.status);
  return checkedShape(path, body, options.schema);
}

/**
 * A call in one attempt, for answers the admin waits to see rather than something to try again (a test
 * message, a mailbox that may not answer). Only an error status raises: an `error` in a 200 answer is left
 * to the caller, as the AI test answers a provider's failure that way, beside its details.
 */
export async function callOnce<T = unknown>(call: Call, schema?: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
  const response = await apiFetch(call, signal, true);
  const body = await readJson(response);
  if (!response.ok) throw errorFromAnswer(body, response.status);
  return checkedShape(call.path, body, schema);
}

function checkedShape<T>(path: string, body: unknown, schema: z.ZodMiniType<T> | undefined): T {
  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ContractError(path, parsed.error.issues);
  return parsed.data;
}

/**
 * The call's answer as it came, with retries unless `once` (a caller with its own fallback, as the chat,
 * or whose failure is the point, as an admin's test); a refused token signs the user out.
 */
export async function apiFetch(call: Call, signal?: AbortSignal, once = false): Promise<Response> {
  const sentToken = storedToken() !== null;
  const response = once ? await fetchOnceOrFail(call, signal) : await fetchWithRetry(call, signal);
  if (response.status === 401 && sentToken) tokenRejected();
  return response;
}

/** One attempt; no answer at all (network, timeout) is the client's `no_answer`. */
async function fetchOnceOrFail(call: Call, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetchOnce(call, signal);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw noAnswer(cause);
  }
}

/** The browser says offline, or the last health check got no answer (the indicator shows offline). */
const offline = () => !navigator.onLine || !isOnline();

async function sendOrQueue(call: Call, signal: AbortSignal | undefined): Promise<Response> {
  if (offline()) throw new QueuedWrite(enqueue(call).id);
  try {
    return await apiFetch(call, signal);
  } catch (error) {
    // No answer after the retries (the connection dropped): it waits like one made offline.
    if (error instanceof ApiError && error.isNetworkError && !signal?.aborted) throw new QueuedWrite(enqueue(call).id);
    throw error;
  }
}

/**
 * Runs `write` for each item in order (a delete of several rows). Made offline, each waits in the queue in
 * turn rather than the first stopping the rest; the first `QueuedWrite` is raised at the end.
 */
export async function writeEach<T>(items: readonly T[], write: (item: T) => Promise<unknown>): Promise<void> {
  let queued: QueuedWrite | undefined;
  for (const item of items) {
    try {
      await write(item);
    } catch (error) {
      if (!isQueuedWrite(error)) throw error;
      queued ??= error;
    }
  }
  if (queued) throw queued;
}

export type SendResult<T> = { queued: false; data: T } | { queued: true };

/**
 * A change (POST, PUT, PATCH, DELETE) whose caller takes "queued" as a result rather than an error (a
 * crash report): like `apiRequest`, it waits in the offline queue when made offline or when no answer comes.
 */
export async function apiSend<T = unknown>(
  path: string,
  options: RequestOptions<T> & { method: Exclude<Method, 'GET' | 'HEAD'> },
): Promise<SendResult<T>> {
  try {
    return { queued: false, data: await apiRequest(path, options) };
  } catch (error) {
    if (isQueuedWrite(error)) return { queued: true };
    throw error;
  }
}
