/*
 * `react` for the bundler (vite.config.ts points every import of it here): Preact's React API, with two
 * mends for what Mantine takes from React 19:
 * - `use(context)` is read as `useContext`: preact/compat's `use` needs a context subscription that the
 *   server's render (preact-render-to-string) does not give, so the page could not be drawn there. Mantine
 *   calls `use` for contexts only at the top of its components, as a hook would be.
 * - `Activity` (React 19.2) keeps a hidden subtree's state; Mantine uses it only for tabs and modals kept
 *   mounted, which this app does not ask for, so a hidden one is simply not drawn.
 * (JavaScript, not TypeScript: the types of `react` stay React's own.)
 */
import { use as useThenable, useContext } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** @param {any} usable a context, or a promise (React Router's `Await`) */
export function use(usable) {
  return typeof usable?.then === 'function' ? useThenable(usable) : useContext(usable);
}

/** @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props */
export function Activity({ mode, children }) {
  return mode === 'hidden' ? null : children;
}
