import { expect, test } from '@playwright/test';

import { appStarted, en, seededBrandCards } from './fixtures';

test('going offline shows the banner and notice; coming back says so; the catalogue stays readable', async ({ page, context }) => {
  await page.goto('/?lang=en');
  await expect(seededBrandCards(page)).toHaveCount(7);
  await appStarted(page);
  // Offline reading needs the Products page's code and the product list, read once the browser is idle
  // after the first page (the list after the pages' code).
  const fetched = (part: string) => page.evaluate((part) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(part)), part);
  await expect.poll(() => fetched('/assets/ProductsPage-')).toBe(true);
  await expect.poll(() => fetched('/api/products?lang=en')).toBe(true);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveText(en.network.offline);
  await expect(page.getByTestId('offline-notice')).toHaveText(en.network.offlineNotice);
  // Pages read while offline come from the copy kept in the browser.
  await page.getByRole('link', { name: en.nav.products }).first().click();
  await expect(page.getByTestId('product-card')).toHaveCount(24);

  await context.setOffline(false);
  await expect(page.getByTestId('online-notice')).toHaveText(en.network.onlineNotice);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});
