import type { ApiError } from './errors';
import type { FlushMeans, QueuedCall, QueueProblem } from './offlineQueueTypes';

/** One tab sends the queue at a time: the Web Locks API, or where it is missing a lease in local storage. */
const LOCK_NAME = 'pointe-offline-queue';
export const LEASE_KEY = 'pointe-offline-queue-lease';
/** How much longer than one call the lease lasts; it is renewed before each call. */
const LEASE_MARGIN_MS = 10_000;
/** This tab's name in the lease (made when first needed: the server's render has no `crypto`). */
let tab: string | undefined;
const thisTab = () => (tab ??= crypto.randomUUID());

function takeLease(callTimeoutMs: number): boolean {
  try {
    const held = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab?: unknown; until?: unknown } | null;
    if (held && held.tab !== thisTab() && typeof held.until === 'number' && held.until > Date.now()) return false;
    localStorage.setItem(LEASE_KEY, JSON.stringify({ tab: thisTab(), until: Date.now() + callTimeoutMs + LEASE_MARGIN_MS }));
    // Read back: of two tabs writing at once, the one whose lease stayed goes on.
    return (JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab?: unknown } | null)?.tab === thisTab();
  } catch {
    return true; // no storage: no queue to share
  }
}

function releaseLease() {
  try {
    if ((JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab?: unknown } | null)?.tab === thisTab()) localStorage.removeItem(LEASE_KEY);
  } catch {
    // no storage
  }
}

async function withQueueLock(callTimeoutMs: number, work: (renew: () => boolean) => Promise<number>): Promise<number> {
  if ('locks' in navigator && navigator.locks) {
    // Held until `work` ends or the tab closes; another tab's flush meanwhile leaves the queue to this one.
    return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? work(() => true) : 0));
  }
  const renew = () => takeLease(callTimeoutMs);
  if (!renew()) return 0;
  try {
    return await work(renew);
  } finally {
    releaseLease();
  }
}

/** Statuses that say "later", not "no": the call stays and the flush stops, keeping the order. */
const tryLater = (status: number) => status >= 500 || status === 408 || status === 429;

/** One flush of the queue, as `flushQueue` describes it; resolves to the number of calls answered. */
export const sendQueue = (means: FlushMeans): Promise<number> =>
  withQueueLock(means.callTimeoutMs, (renewLease) => sendQueued(means, renewLease));

async function sendQueued(means: FlushMeans, renewLease: () => boolean): Promise<number> {
  const { pendingCalls, updateCall, send } = means;
  let answered = 0;
  const handled = new Set<string>();
  for (;;) {
    const call = pendingCalls()[0];
    // Storage that does not take the queue's changes would hand the same call back: never send one twice.
    if (!call || handled.has(call.id) || !renewLease()) break;
    handled.add(call.id);
    // Each call is marked before it is sent: one still marked was being sent by a page that closed.
    if (call.sendingSince !== undefined) {
      updateCall(call.id, () => undefined);
      report(means, call, 'uncertain');
      continue;
    }
    if (!updateCall(call.id, (stored) => ({ ...stored, sendingSince: Date.now() }))) break;
    const keep = () => updateCall(call.id, ({ sendingSince: _sending, ...stored }) => stored);
    let response: Response;
    try {
      response = await send(call);
    } catch {
      keep();
      break;
    }
    if (tryLater(response.status) || (response.status === 401 && call.owner !== undefined)) {
      keep();
      if (response.status === 401) means.tokenRejected();
      break;
    }
    updateCall(call.id, () => undefined);
    answered++;
    if (response.status >= 400) report(means, call, 'refused', await means.refusal(response));
  }
  return answered;
}

function report(means: FlushMeans, call: QueuedCall, kind: QueueProblem['kind'], error?: ApiError) {
  const problem: QueueProblem = { id: call.id, call: { method: call.method, path: call.path }, kind };
  if (error) Object.assign(problem, { status: error.status, reason: error.problem });
  means.reportProblem(problem);
}
