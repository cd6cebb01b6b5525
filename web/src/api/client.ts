import type { z } from 'zod/mini';

import { ApiError, ContractError, errorFromAnswer, REQUEST_FAILED, serverErrorText } from './errors';
import { enqueue } from './offlineQueue';
import { storedToken, tokenRejected } from './token';
import { fetchOnce, fetchWithRetry, readJson, type Call, type Method } from './transport';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** Checks the answer's shape; a mismatch raises a ContractError. */
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
}

/** Calls the API and returns its JSON answer, raising the spec's error texts (§8) on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await apiFetch({ method: options.method ?? 'GET', path, body: options.body }, options.signal);
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

/** One attempt; no answer at all (network, timeout) is the client's "Request failed". */
async function fetchOnceOrFail(call: Call, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetchOnce(call, signal);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(REQUEST_FAILED, undefined, { cause });
  }
}

export type SendResult<T> = { queued: false; data: T } | { queued: true };

/**
 * A change (POST, PUT, PATCH, DELETE). While offline, or when no answer comes, it is queued and sent
 * when the connection returns; the result says which happened.
 */
export async function apiSend<T = unknown>(
  path: string,
  options: RequestOptions<T> & { method: Exclude<Method, 'GET' | 'HEAD'> },
): Promise<SendResult<T>> {
  const call: Call = { method: options.method, path, body: options.body };
  if (!navigator.onLine) {
    enqueue(call);
    return { queued: true };
  }
  try {
    return { queued: false, data: await apiRequest(path, options) };
  } catch (error) {
    if (!(error instanceof ApiError) || !error.isNetworkError) throw error;
    enqueue(call);
    return { queued: true };
  }
}
