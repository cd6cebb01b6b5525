import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

import { isOnline, subscribeConnectivity } from '../../api/connectivity';
import { queuedCalls } from '../../api/offlineQueue';

export const OFFLINE_NOTICE_MS = 5_000;
export const ONLINE_NOTICE_MS = 3_000;
export const QUEUE_REFRESH_MS = 1_000;

export type Notice = 'offline' | 'online' | null;

/** Whether the browser is online; a page the server draws is drawn online, and hydrated so. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/** The notice to show after the connection drops (5 s) or comes back (3 s). */
export function useConnectionNotice(online: boolean): Notice {
  const [notice, setNotice] = useState<Notice>(online ? null : 'offline');
  const previous = useRef(online);
  useEffect(() => {
    if (previous.current !== online) {
      previous.current = online;
      setNotice(online ? 'online' : 'offline');
    }
  }, [online]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice === 'offline' ? OFFLINE_NOTICE_MS : ONLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return notice;
}

/** How many changes wait in the offline queue, read again every second. */
export function useQueuedCount(): number {
  const [count, setCount] = useState(() => queuedCalls().length);
  useEffect(() => {
    const timer = setInterval(() => setCount(queuedCalls().length), QUEUE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return count;
}
