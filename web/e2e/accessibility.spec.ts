import { expect, test } from '@playwright/test';

import { appStarted, seriousViolations, textContrast } from './fixtures';

for (const language of ['he', 'en']) {
  for (const path of [
    '/',
    '/brand/bloch',
    '/products',
    '/finder',
    '/finder/my-feet',
    '/finder/compare',
    '/shoe/bloch-alpha',
    '/shoe/gaynor-minden-europa-classic',
    '/fit',
    '/blog',
    '/blog/first-pointe-shoes',
    '/no-such-page',
    '/login',
    '/signup',
    '/tips',
    '/terms',
    '/privacy',
    '/request-password-reset',
    '/reset-password',
  ]) {
    test(`${path} in ${language} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(`${path}?lang=${language}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      // Checked once the app has taken the page over and its data has arrived and shows, not on a page
      // being hydrated (axe reads the page in several passes) or on its loading state.
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/?lang=en');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  // The app draws the page once its language's texts have arrived.
  await expect(skip).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('prices and category chips are readable: their text contrasts with their pill', async ({ page }) => {
  await page.goto('/products?lang=en');
  const price = page.getByTestId('product-card').first().locator('.mantine-Badge-label');
  await expect(price).toHaveText('$85');
  expect(await textContrast(price)).toBeGreaterThanOrEqual(4.5);
  await page.goto('/blog?lang=en');
  const category = page.locator('main .mantine-Badge-label').first();
  await expect(category).toBeVisible();
  expect(await textContrast(category)).toBeGreaterThanOrEqual(4.5);
});
