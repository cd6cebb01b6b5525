/*
 * The browser APIs the app's modules and React need, for QuickJS (the engine the server renders in),
 * which has only the language itself: URL, fetch's classes and Intl (`intl.ts`) from maintained
 * polyfills, the rest small. Timers never run on their own: the server's driver runs the earliest one when nothing else is
 * left to do (`runNextTimer`), so a retry's wait costs nothing and a page cannot wait forever.
 */
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import 'whatwg-fetch';
import './intl';

import { host } from './host';

const global = globalThis as Record<string, unknown>;

const format = (values: unknown[]) =>
  values.map((value) => (value instanceof Error ? `${value.message}\n${value.stack ?? ''}` : String(value))).join(' ');
global.console = {
  error: (...values: unknown[]) => host.log('error', format(values)),
  warn: (...values: unknown[]) => host.log('warn', format(values)),
  info: (...values: unknown[]) => host.log('info', format(values)),
  log: (...values: unknown[]) => host.log('info', format(values)),
  debug: () => {},
};

interface Timer {
  id: number;
  due: number;
  run: () => void;
}
let timers: Timer[] = [];
let nextTimerId = 1;
let now = 0;
global.setTimeout = (run: () => void, delay = 0) => {
  const timer = { id: nextTimerId++, due: now + Math.max(0, delay), run };
  timers.push(timer);
  return timer.id;
};
global.clearTimeout = (id: number) => {
  timers = timers.filter((timer) => timer.id !== id);
};
// Intervals (a countdown's tick) have no place in a page drawn once: they never fire.
global.setInterval = () => 0;
global.clearInterval = () => {};
global.queueMicrotask ??= (run: () => void) => void Promise.resolve().then(run);

/** Runs the earliest timer; false when there is none. */
export function runNextTimer(): boolean {
  const timer = timers.reduce<Timer | undefined>((earliest, t) => (earliest && earliest.due <= t.due ? earliest : t), undefined);
  if (!timer) return false;
  timers = timers.filter((t) => t !== timer);
  now = timer.due;
  timer.run();
  return true;
}

/** Forgets the timers a render left (a query's garbage collection, a retry never needed). */
export function dropTimers() {
  timers = [];
}

class DOMExceptionShim extends Error {
  constructor(message?: string, name = 'Error') {
    super(message);
    this.name = name;
  }
}
global.DOMException ??= DOMExceptionShim;

class AbortSignalShim {
  aborted = false;
  reason: unknown = undefined;
  private listeners: (() => void)[] = [];
  addEventListener(_type: string, listener: () => void) {
    this.listeners.push(listener);
  }
  removeEventListener(_type: string, listener: () => void) {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  throwIfAborted() {
    if (this.aborted) throw this.reason;
  }
  abort(reason: unknown) {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new DOMExceptionShim('This operation was aborted', 'AbortError');
    this.listeners.forEach((listener) => listener());
  }
}
global.AbortSignal ??= AbortSignalShim;
global.AbortController ??= class {
  signal = new AbortSignalShim();
  abort(reason?: unknown) {
    this.signal.abort(reason);
  }
};

global.FormData ??= class {};

/** The server's own answer to a GET under /api; any other call is refused as a network error. */
global.fetch = (input: string, init?: { method?: string }) => {
  const path = String(input);
  if ((init?.method ?? 'GET') !== 'GET' || !path.startsWith('/api/')) {
    return Promise.reject(new TypeError(`not fetched while rendering: ${path}`));
  }
  const { status, body } = host.fetch(path);
  return Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
};
