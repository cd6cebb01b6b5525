import type { z } from 'zod/mini';

export const REQUEST_FAILED = 'Request failed';

/**
 * What an error answer may carry besides its text: its stable machine code (what the interface translates),
 * per-field messages and, when rate-limited, the wait.
 */
export interface ErrorDetails {
  code?: string;
  fields?: Record<string, string>;
  retryAfter?: number;
}

/** A failed call: the server's `error` text, or the spec's generic texts. `status` is absent when no answer came. */
export class ApiError extends Error {
  readonly status: number | undefined;
  /** The server's stable code for what went wrong (`invalid_credentials`, …); absent without an answer. */
  readonly code: string | undefined;
  /** The server's message for each invalid field, in English (translated for display). */
  readonly fields: Record<string, string>;
  /** Seconds to wait before trying again (a 429 answer). */
  readonly retryAfter: number | undefined;

  constructor(message: string, status?: number, options?: ErrorOptions & ErrorDetails) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = options?.code;
    this.fields = options?.fields ?? {};
    this.retryAfter = options?.retryAfter;
  }

  /** True when the request never got an answer (offline, unreachable server, timeout). */
  get isNetworkError(): boolean {
    return this.status === undefined;
  }

  /** True when the server answered and refused the request (a 4xx): asking again the same way will not help. */
  get isRefusal(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

/** The client's texts for a write made offline (translated by their codes, i18n/serverTexts.ts). */
export const QUEUED_OFFLINE = 'Saved on this device: it will be sent when the connection returns.';
export const OFFLINE_QUEUE_FULL = 'Too many changes are waiting to be sent: this one was not saved. Try again when the connection returns.';

/**
 * A write made offline that now waits in the offline queue (api/offlineQueue.ts) instead of being answered:
 * not a failure, so a screen closes its form as after a save and the network indicator says it is queued.
 * Raised rather than returned since there is no answer to give the caller; `apiSend` returns it instead.
 */
export class QueuedWrite extends ApiError {
  /** The queued call's id in the queue. */
  readonly queuedId: string;

  constructor(queuedId: string) {
    super(QUEUED_OFFLINE, undefined, { code: 'queued_offline' });
    this.name = 'QueuedWrite';
    this.queuedId = queuedId;
  }
}

export const isQueuedWrite = (error: unknown): error is QueuedWrite => error instanceof QueuedWrite;

/** The server answered with a shape this app does not understand: a bug, shown on the crash screen. */
export class ContractError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    super(`Unexpected answer from ${path}: ${issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`);
    this.name = 'ContractError';
  }
}

/** The spec's error rule (§8): the server's error text when it gives one, else a generic text. */
export function errorFromAnswer(body: unknown, status: number): ApiError {
  const text = serverErrorText(body) ?? (status >= 200 && status < 300 ? REQUEST_FAILED : `Request failed with status ${status}`);
  return new ApiError(text, status, errorDetails(body));
}

function errorDetails(body: unknown): ErrorDetails {
  if (typeof body !== 'object' || body === null) return {};
  const { code, fields, retryAfter } = body as { code?: unknown; fields?: unknown; retryAfter?: unknown };
  const details: ErrorDetails = {};
  if (typeof code === 'string' && code !== '') details.code = code;
  if (typeof fields === 'object' && fields !== null) {
    details.fields = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter)) details.retryAfter = retryAfter;
  return details;
}

export function serverErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}
