import type { ApiError, Problem } from './errors';
import type { Method } from './transport';

// The offline queue's shapes, shared by the queue (offlineQueue.ts) and the flush it fetches later
// (offlineQueueFlush.ts), so that neither imports the other.

export interface QueuedCall {
  id: string;
  method: Method;
  path: string;
  body?: unknown;
  queuedAt: number;
  /** The signed-in user's id (the token's `sub`) when it was queued: it is sent only with their token. */
  owner?: string;
  /** When a flush began sending it; left set only by a flush that ended mid-call (the page closed). */
  sendingSince?: number;
}

/** A queued call that did not go through: refused by the server (4xx), or perhaps never sent. */
export interface QueueProblem {
  id: string;
  call: Pick<QueuedCall, 'method' | 'path'>;
  /** `refused`: the server answered with an error; `uncertain`: a page closed while sending it. */
  kind: 'refused' | 'uncertain';
  /** The refusal's status and what it says (an ApiError's `problem`: its code, values and English). */
  status?: number;
  reason?: Problem;
}

/**
 * What a flush works with, handed over by `flushQueue` (offlineQueue.ts), which fetches this module when
 * the visitor has calls waiting. Handed over rather than imported: a chunk fetched later that imports some
 * of the modules the home page loads makes Rolldown split the home page's chunks they are in (it places each
 * module by the set of entries that import it), which weighed more on the home page than this whole module.
 */
export interface FlushMeans {
  /** The visitor's queued calls, oldest first. */
  pendingCalls: () => QueuedCall[];
  /** Replaces a queued call by what `change` returns, or takes it out of the queue; false when storage refused it. */
  updateCall: (id: string, change: (call: QueuedCall) => QueuedCall | undefined) => boolean;
  reportProblem: (problem: QueueProblem) => void;
  /** One attempt at the call, without retries. */
  send: (call: QueuedCall) => Promise<Response>;
  /** The error that a refusal's answer carries. */
  refusal: (response: Response) => Promise<ApiError>;
  /** Ends the session, as a 401 to any call does. */
  tokenRejected: () => void;
  /** The longest a call may take. */
  callTimeoutMs: number;
}
