import { expect, test } from '@playwright/test';

import { en, he } from './fixtures';

test('?lang=en shows English left to right, and the choice survives a reload', async ({ page }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 2, name: en.home.brandsTitle })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(en.meta.home.title);
});

test('the language switcher changes the interface and the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: he.home.brandsTitle })).toBeVisible();
  const hebrewDescription = await page.getByTestId('brand-card').first().locator('p').textContent();
  await page.getByRole('combobox', { name: he.nav.language }).first().selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 2, name: en.home.brandsTitle })).toBeVisible();
  await expect(page.getByTestId('brand-card').first().locator('p')).not.toHaveText(hebrewDescription!);
  await expect(page).toHaveTitle(en.meta.home.title);
});

test('the server answers each page in the asked language with hreflang alternates', async ({ request }) => {
  const html = await (await request.get('/products?lang=ru')).text();
  expect(html).toContain('<html lang="ru" dir="ltr">');
  for (const language of ['he', 'en', 'ru', 'fr', 'es']) expect(html).toContain(`hreflang="${language}"`);
  expect(await (await request.get('/products')).text()).toContain('<html lang="he" dir="rtl">');
});
