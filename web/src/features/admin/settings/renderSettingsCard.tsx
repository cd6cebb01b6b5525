import { screen, within } from '@testing-library/react';

import { renderAdmin } from '../renderAdmin';
import type { Route } from '../../../test/auth';

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
