/** Test helper: an admin screen as a signed-in admin sees it. */
import { Notifications, notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

import { AdminOnly } from '../../lib/session/AdminOnly';
import { admin, mockApi, renderWithSession, sessionRoutes, storeSignedIn, type Route } from '../../test/auth';
// The forms' jsdom set-up and longer waits.
import '../../test/forms';
import { AdminScreens } from './AdminApp';

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
 * Renders the admin's screen at `path` (with its toasts; not the admin's frame, which AdminApp.test.tsx
 * covers) for a signed-in admin, over a fake API answering the session's routes and `routes`.
 */
export function renderAdmin(path: string, routes: Record<string, Route>) {
  // Toasts live in a store outside React: none carried over from an earlier test.
  notifications.clean();
  skipTextareaMeasuring();
  storeSignedIn();
  const api = mockApi({ ...sessionRoutes(admin), ...routes });
  const rendered = renderWithSession([{ path: '/admin/*', element: <AdminOnly><Notifications /><AdminScreens /></AdminOnly> }], { path });
  return { ...rendered, api, user: userEvent.setup() };
}
