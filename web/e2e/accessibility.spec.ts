import { expect, test } from '@playwright/test';

import { seriousViolations } from './fixtures';

for (const language of ['he', 'en']) {
  for (const path of ['/', '/brand/bloch', '/products', '/blog', '/blog/first-pointe-shoes', '/no-such-page', '/login', '/signup', '/tips', '/terms']) {
    test(`${path} in ${language} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(`${path}?lang=${language}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
