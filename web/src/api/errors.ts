import type { z } from 'zod/mini';

/**
 * What went wrong, as a code (the server's `ErrorCode`, or one of the client's own: i18n/serverTexts.ts) and
 * the values its text holds (`{ max: '200' }`), which the interface words in its language. `message` is the
 * server's English, shown only for a code the interface does not know.
 */
export interface Problem {
  code: string;
  values?: Record<string, string>;
  message?: string;
}

/** One field's problem in an invalid answer's `fields`. */
export interface FieldProblem {
  code: string;
  message: string;
  values?: Record<string, string>;
}

/** What an error answer may carry besides its text: its code, its values, each invalid field's problem and, when rate-limited, the wait. */
export interface ErrorDetails {
  code?: string;
  values?: Record<string, string>;
  fields?: Record<string, FieldProblem>;
  retryAfter?: number;
}

/** A failed call: the server's `error` text, or the client's own. `status` is absent when no answer came. */
export class ApiError extends Error {
  readonly status: number | undefined;
  /** The stable code of what went wrong (`invalid_credentials`, the client's `no_answer`, …); absent when an answer gave none. */
  readonly code: string | undefined;
  /** What the text holds, by name (a mail server's words as `reason`). */
  readonly values: Record<string, string>;
  /** Each invalid field's problem. */
  readonly fields: Record<string, FieldProblem>;
  /** Seconds to wait before trying again (a 429 answer). */
  readonly retryAfter: number | undefined;

  constructor(message: string, status?: number, options?: ErrorOptions & ErrorDetails) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = options?.code;
    this.values = options?.values ?? {};
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

  /**
   * What to tell: a rate limit with its wait, an invalid answer's first field's problem (what its `error`
   * says), else the failure's own.
   */
  get problem(): Problem {
    if (this.status === 429) return { code: 'rate_limited', values: { seconds: String(this.retryAfter ?? 60) }, message: this.message };
    const first = this.code === 'invalid_fields' ? Object.values(this.fields)[0] : undefined;
    return first ?? { code: this.code ?? '', values: this.values, message: this.message };
  }
}

/** No answer came (offline, unreachable server, timeout): the client's `no_answer`. */
export const noAnswer = (cause?: unknown) => new ApiError('Request failed', undefined, { code: 'no_answer', cause });

/**
 * A write made offline that now waits in the offline queue (api/offlineQueue.ts) instead of being answered:
 * not a failure, so a screen closes its form as after a save and the network indicator says it is queued.
 * Raised rather than returned since there is no answer to give the caller; `apiSend` returns it instead.
 */
export class QueuedWrite extends ApiError {
  /** The queued call's id in the queue. */
  readonly queuedId: string;

  constructor(queuedId: string) {
    super('Saved on this device: it will be sent when the connection returns.', undefined, { code: 'queued_offline' });
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

/**
 * The spec's error rule (§8): the server's error text and code when it gives them, else the client's
 * `request_failed` with the status.
 */
export function errorFromAnswer(body: unknown, status: number): ApiError {
  const text = serverErrorText(body);
  if (text === undefined) return new ApiError(`Request failed with status ${status}`, status, { code: 'request_failed', values: { status: String(status) } });
  return new ApiError(text, status, errorDetails(body));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object of strings (an answer's `values`), leaving out anything else. */
function stringValues(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function fieldProblem(value: unknown): FieldProblem | undefined {
  if (!isObject(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return undefined;
  const values = stringValues(value.values);
  return { code: value.code, message: value.message, ...(Object.keys(values).length > 0 && { values }) };
}

/** The answer's code, values, fields and wait, each only when well formed (a malformed field is left out). */
function errorDetails(body: unknown): ErrorDetails {
  if (!isObject(body)) return {};
  const { code, values, fields, retryAfter } = body;
  const details: ErrorDetails = { values: stringValues(values) };
  if (typeof code === 'string' && code !== '') details.code = code;
  if (isObject(fields)) {
    details.fields = Object.fromEntries(
      Object.entries(fields).flatMap(([name, problem]) => {
        const read = fieldProblem(problem);
        return read ? [[name, read] as const] : [];
      }),
    );
  }
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter)) details.retryAfter = retryAfter;
  return details;
}

export function serverErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}
