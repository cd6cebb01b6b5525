import '@testing-library/jest-dom/vitest';
import i18n, { startI18nInBrowser } from '../i18n';

import { configure, getConfig } from '@testing-library/dom';
import { cleanup } from '@testing-library/preact';
import { options } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, vi } from 'vitest';

import { setBrowserOnline } from './browser';
import { interfaceTexts } from './locales';

// Set up as the start does, with every language at hand at once, as if each had been fetched.
void startI18nInBrowser();
for (const [language, texts] of Object.entries(interfaceTexts)) i18n.addResourceBundle(language, 'translation', texts);

// Effects run right after the render that scheduled them, as React's do in a test, not a frame later as in
// a browser: a test then sees a page whose effects have run (its title, focus, a state they set).
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// As React's Testing Library does, a `waitFor`/`findBy` ends by letting one turn of timers run, so what a
// library schedules for the next tick (TanStack Query tells its observers with a zero timeout) is drawn.
const preactConfig = getConfig();
configure({
  asyncWrapper: async <T,>(callback: () => Promise<T>) => {
    const result = (await preactConfig.asyncWrapper(callback)) as T;
    if (vi.isFakeTimers()) await act(() => void vi.advanceTimersByTime(0));
    else await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    return result;
  },
});

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
