import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

import { isOnline, subscribeConnectivity } from '../../api/connectivity';
import { onQueued, pendingCalls, queueProblems, subscribeQueue, subscribeQueueProblems } from '../../api/offlineQueue';
import type { QueueProblem } from '../../api/offlineQueueTypes';

export const OFFLINE_NOTICE_MS = 5_000;
export const ONLINE_NOTICE_MS = 3_000;
/** How long "Saved on this device …" shows after a write is queued. */
export const QUEUED_NOTICE_MS = 5_000;
export const QUEUE_REFRESH_MS = 1_000;

export type Notice = 'offline' | 'online' | 'queued' | null;

const NOTICE_MS: Record<Exclude<Notice, null>, number> = { offline: OFFLINE_NOTICE_MS, online: ONLINE_NOTICE_MS, queued: QUEUED_NOTICE_MS };

/** Whether the browser is online; a page the server draws is drawn online, and hydrated so. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/** The notice to show after the connection drops (5 s) or comes back (3 s), or a write is queued (5 s). */
export function useConnectionNotice(online: boolean): Notice {
  const [notice, setNotice] = useState<{ kind: Notice; since: number }>({ kind: online ? null : 'offline', since: 0 });
  const previous = useRef(online);
  useEffect(() => {
    if (previous.current !== online) {
      previous.current = online;
      setNotice({ kind: online ? 'online' : 'offline', since: Date.now() });
    }
  }, [online]);
  // Each queued write shows the notice afresh.
  useEffect(() => onQueued(() => setNotice({ kind: 'queued', since: Date.now() })), []);
  useEffect(() => {
    if (!notice.kind) return;
    const timer = setTimeout(() => setNotice({ kind: null, since: 0 }), NOTICE_MS[notice.kind]);
    return () => clearTimeout(timer);
  }, [notice]);
  return notice.kind;
}

/**
 * How many changes wait in the offline queue (the visitor's own). The server draws the page with none,
 * so the first render says none too and the queue is read once the page is taken over (a count read during
 * the take-over would match no drawn banner and never be drawn); then again at each change of the queue,
 * in this tab or another, and every second (spec §4).
 */
export function useQueuedCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const read = () => setCount(pendingCalls().length);
    read();
    const stop = subscribeQueue(read);
    const timer = setInterval(read, QUEUE_REFRESH_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, []);
  return count;
}

const NO_PROBLEMS: readonly QueueProblem[] = [];

/** The queued calls this tab's flushes could not get through, until dismissed. */
export function useQueueProblems(): readonly QueueProblem[] {
  return useSyncExternalStore(subscribeQueueProblems, queueProblems, () => NO_PROBLEMS);
}
