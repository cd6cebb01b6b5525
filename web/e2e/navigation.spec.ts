import { expect, test } from '@playwright/test';

import { appStarted, en, he, seriousViolations } from './fixtures';

test.use({ viewport: { width: 390, height: 800 } });

for (const [language, texts] of [['he', he], ['en', en]] as const) {
  test(`on a phone the menu button opens the links, which lead on and close it (${language})`, async ({ page }) => {
    await page.goto(`/?lang=${language}`);
    await expect(page.getByTestId('brand-card').first()).toBeVisible();
    await appStarted(page);
    await page.getByRole('button', { name: texts.nav.openMenu }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: texts.nav.products })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole('link', { name: texts.nav.products }).click();
    await expect(page).toHaveURL(/\/products/);
    await expect(menu).toBeHidden();
  });
}
