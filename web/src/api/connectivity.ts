import { HEALTH_CHECK_INTERVAL_MS, REQUEST_TIMEOUT_MS } from './limits';
import { flushQueue } from './offlineQueue';
import { API_BASE } from './transport';

/**
 * Whether the site is reachable: the browser's online/offline events, confirmed by `HEAD /api/health`
 * every 30 s. Each successful check sends whatever the offline queue holds.
 */
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();

function setOnline(next: boolean) {
  if (next === online) return;
  online = next;
  listeners.forEach((listener) => listener());
}

export function isOnline(): boolean {
  return online;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the server whether it is there; any answer (even a 503 from a sick database) means reachable. */
export async function checkHealth(): Promise<boolean> {
  if (!navigator.onLine) {
    setOnline(false);
    return false;
  }
  try {
    await fetch(`${API_BASE}/health`, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    setOnline(true);
    void flushQueue();
    return true;
  } catch {
    setOnline(false);
    return false;
  }
}

/** Starts watching; returns the function that stops it. */
export function watchConnectivity(): () => void {
  const goOnline = () => void checkHealth();
  const goOffline = () => setOnline(false);
  window.addEventListener('online', goOnline);
  window.addEventListener('offline', goOffline);
  const timer = setInterval(() => void checkHealth(), HEALTH_CHECK_INTERVAL_MS);
  void checkHealth();
  return () => {
    window.removeEventListener('online', goOnline);
    window.removeEventListener('offline', goOffline);
    clearInterval(timer);
  };
}
