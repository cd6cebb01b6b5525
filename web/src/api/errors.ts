import type { z } from 'zod/mini';

export const REQUEST_FAILED = 'Request failed';

/** A failed call: the server's `error` text, or the spec's generic texts. `status` is absent when no answer came. */
export class ApiError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
  }

  /** True when the request never got an answer (offline, unreachable server, timeout). */
  get isNetworkError(): boolean {
    return this.status === undefined;
  }
}

/** The server answered with a shape this app does not understand: a bug, shown on the crash screen. */
export class ContractError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    super(`Unexpected answer from ${path}: ${issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`);
    this.name = 'ContractError';
  }
}

/** The spec's error rule (§8): the server's error text when it gives one, else a generic text. */
export function errorFromAnswer(body: unknown, status: number): ApiError {
  const text = serverErrorText(body);
  if (text) return new ApiError(text, status);
  return new ApiError(status >= 200 && status < 300 ? REQUEST_FAILED : `Request failed with status ${status}`, status);
}

export function serverErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body as { error: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}
