import '@testing-library/jest-dom/vitest';
import i18n, { startI18nInBrowser } from '../i18n';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { setBrowserOnline } from './browser';
import { interfaceTexts } from './locales';

// Set up as the start does, with every language at hand at once, as if each had been fetched.
void startI18nInBrowser();
for (const [language, texts] of Object.entries(interfaceTexts)) i18n.addResourceBundle(language, 'translation', texts);

// Testing Library treats Vitest's fake clock as it treats Jest's: a `waitFor` moves it on while it waits
// (React holds back a suspended part's content on a timer), and a `waitFor` ends with a turn of timers run,
// so what a library schedules for the next tick (TanStack Query tells its observers with a zero timeout)
// is drawn. It recognises a fake clock by Jest's global.
Object.defineProperty(globalThis, 'jest', { value: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

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
