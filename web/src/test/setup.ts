import '@testing-library/jest-dom/vitest';
import { webcrypto } from 'node:crypto';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import i18n, { startI18nInBrowser } from '../i18n';

import { configure } from '@testing-library/dom';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { setBrowserOnline } from './browser';
import { interfaceTexts } from './locales';

// Set up as the start does, with every language at hand at once, as if each had been fetched.
void startI18nInBrowser();
for (const [language, texts] of Object.entries(interfaceTexts)) i18n.addResourceBundle(language, 'translation', texts);

// Testing Library treats Vitest's fake clock as it treats Jest's (it recognises one by Jest's global): a
// `waitFor` moves it on while it waits, as React holds back a suspended part's content on a timer.
Object.defineProperty(globalThis, 'jest', { configurable: true, value: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// What `waitFor`, `findBy` and user-event's actions are wrapped in: React's act environment off meanwhile
// (as Testing Library's own wrapper does), then one turn of timers run inside act, so what a library
// schedules for the next tick (TanStack Query tells its observers with a zero timeout, Mantine opens a
// dialog) is drawn before the test reads the page. Testing Library's own wrapper runs that turn outside act.
const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
configure({
  asyncWrapper: async <T,>(callback: () => Promise<T>) => {
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    let result: T;
    try {
      result = await callback();
    } finally {
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    if (vi.isFakeTimers()) act(() => void vi.advanceTimersByTime(0));
    else await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    return result;
  },
});

// What a file's VM context lacks of the browser's (it has jsdom's globals, not Node's): `crypto.subtle`, which
// the bot-check's fixtures hash with, and `ReadableStream`, which the chat's streamed answers are made of.
if (!globalThis.crypto.subtle) Object.defineProperty(globalThis, 'crypto', { configurable: true, value: webcrypto });
globalThis.ReadableStream ??= NodeReadableStream as typeof ReadableStream;

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});
// The analytics beacon (features/analytics/track.ts): accepted and recorded, never sent.
beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: vi.fn(() => true) });
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
if (!('scrollIntoView' in Element.prototype)) Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: () => {} });

beforeEach(() => {
  localStorage.clear();
  setBrowserOnline(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
