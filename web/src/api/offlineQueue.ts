import { fetchOnce, type Call } from './transport';

/** Mutations made while offline, kept across reloads and sent in order when the connection returns. */
export const QUEUE_KEY = 'pointe-offline-queue';

export interface QueuedCall extends Call {
  id: string;
  queuedAt: number;
}

export function queuedCalls(): QueuedCall[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedCall[]) : [];
  } catch {
    return [];
  }
}

function save(calls: QueuedCall[]) {
  if (calls.length === 0) localStorage.removeItem(QUEUE_KEY);
  else localStorage.setItem(QUEUE_KEY, JSON.stringify(calls));
}

export function enqueue(call: Call): QueuedCall {
  const queued: QueuedCall = { ...call, id: crypto.randomUUID(), queuedAt: Date.now() };
  save([...queuedCalls(), queued]);
  return queued;
}

let flushing: Promise<number> | null = null;

/**
 * Sends the queued calls one by one, oldest first. A call that gets an answer leaves the queue
 * (a 4xx will not succeed later either); a network error or a 5xx stops the flush so that order is
 * kept and the rest wait for the next one. Resolves to the number of calls sent.
 */
export function flushQueue(): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const call of queuedCalls()) {
        let response: Response;
        try {
          response = await fetchOnce(call);
        } catch {
          break;
        }
        if (response.status >= 500) break;
        save(queuedCalls().filter((other) => other.id !== call.id));
        sent++;
      }
    } finally {
      flushing = null;
    }
    return sent;
  })();
  return flushing;
}
