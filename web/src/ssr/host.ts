/**
 * What the server puts on the global object before it runs the render bundle (server/src/web/ssr/).
 * `fetch` answers a GET under /api from the server's own routes, at once; `log` writes to its log.
 */
export interface Host {
  fetch(path: string): { status: number; body: string };
  log(level: 'error' | 'warn' | 'info', message: string): void;
}

export const host = (globalThis as unknown as { pointeHost: Host }).pointeHost;
