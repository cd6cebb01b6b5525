import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

import { renderAdmin } from '../renderAdmin';
import type { mockApi, Route } from '../../../test/auth';

/**
 * Renders /admin/settings over `routes` and returns the card titled `title` (its region), once its form
 * has loaded. Cards whose routes are not given show their load error, out of the way.
 */
export async function renderSettingsCard(title: string, routes: Record<string, Route>, saveLabel = 'Save') {
  const rendered = renderAdmin('/admin/settings', routes);
  const region = await screen.findByRole('region', { name: title });
  await within(region).findByRole('button', { name: saveLabel });
  return { ...rendered, region, card: within(region) };
}

/** The body of the one call to `route`, once it has been made. */
export async function sentBody(api: ReturnType<typeof mockApi>, route: string): Promise<unknown> {
  await waitFor(() => expect(api.callsTo(route)).toHaveLength(1));
  return api.callsTo(route)[0]?.body;
}
