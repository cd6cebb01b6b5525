import { notifications } from '@mantine/notifications';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

import { AdminOnly } from '../features/auth/AdminOnly';
import AdminApp from '../features/admin/AdminApp';
import { admin, mockApi, renderWithSession, sessionRoutes, storeSignedIn, type Route } from './auth';

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to (the admin forms use it).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

// The admin screens are big (a form holds every language's fields): give answers and renders more time
// to show under a loaded machine than the default second.
configure({ asyncUtilTimeout: 4000 });

/**
 * Mantine's autosizing Textarea measures itself with `getComputedStyle` on every render, which jsdom makes
 * slow (the admin forms have a score of them, one per language and text). jsdom has no layout, so the
 * measure means nothing here: a textarea's own computed style is left empty, which Mantine takes
 * as "cannot measure" (its ancestors' styles, which say whether it is hidden, are still computed).
 */
function skipTextareaMeasuring() {
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) =>
    element instanceof HTMLTextAreaElement ? document.createElement('textarea').style : computed(element, pseudo),
  );
}

/**
 * Renders the admin area (with its toasts) at `path` for a signed-in admin, over a fake API answering
 * the session's routes and `routes`.
 */
export function renderAdmin(path: string, routes: Record<string, Route>) {
  // Toasts live in a store outside React: none carried over from an earlier test.
  notifications.clean();
  skipTextareaMeasuring();
  storeSignedIn();
  const api = mockApi({ ...sessionRoutes(admin), ...routes });
  const rendered = renderWithSession([{ path: '/admin/*', element: <AdminOnly><AdminApp /></AdminOnly> }], { path });
  return { ...rendered, api, user: userEvent.setup() };
}

/**
 * Replaces what `input` holds with `text`: selects it all and pastes (one change, where typing would
 * re-render the big admin forms once a key).
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.keyboard('{Control>}a{/Control}');
  await user.paste(text);
}

/** The field shows `message` as its error, linked to it for screen readers. */
export function expectFieldError(input: HTMLElement, message: string) {
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
}

/** The tab panel of a language in a form's language tabs (the panel has the language as its `lang`). */
export function languagePanel(container: HTMLElement, language: string) {
  const panel = container.querySelector<HTMLElement>(`[role="tabpanel"][lang="${language}"]`);
  if (!panel) throw new Error(`No ${language} tab panel`);
  return within(panel);
}

/** A dialog by its title. */
export const dialogNamed = (name: string | RegExp) => screen.getByRole('dialog', { name });
