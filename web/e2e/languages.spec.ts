import { expect, test, type Page } from '@playwright/test';

import fr from '../src/i18n/locales/fr.json' with { type: 'json' };
import { appStarted, en, he } from './fixtures';

test('?lang=en shows English left to right, and the choice survives a reload', async ({ page }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 2, name: en.home.brandsTitle })).toBeVisible();
  // The app keeps the choice as it starts: the heading above is the server's, there before it.
  await appStarted(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(en.meta.home.title);
});

test('the language switcher changes the interface and the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: he.home.brandsTitle })).toBeVisible();
  const hebrewDescription = await page.getByTestId('brand-card').first().locator('p').textContent();
  await appStarted(page);
  await page.getByRole('combobox', { name: he.nav.language }).first().selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 2, name: en.home.brandsTitle })).toBeVisible();
  await expect(page.getByTestId('brand-card').first().locator('p')).not.toHaveText(hebrewDescription!);
  await expect(page).toHaveTitle(en.meta.home.title);
});

test('the server answers each page in the asked language with hreflang alternates', async ({ request }) => {
  const html = await (await request.get('/products?lang=ru')).text();
  expect(html).toContain('<html lang="ru" dir="ltr"');
  for (const language of ['he', 'en', 'ru', 'fr', 'es']) expect(html).toContain(`hreflang="${language}"`);
  expect(await (await request.get('/products')).text()).toContain('<html lang="he" dir="rtl"');
});

test('the server and the app choose the same language: the cookie, then the browser’s, with no flip', async ({ browser }) => {
  const html = (page: Page) => page.locator('html');
  const french = await browser.newContext({ locale: 'fr-CA' });
  const page = await french.newPage();
  const firstAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/');
  await page.goto('/');
  expect(await (await firstAnswer).text()).toContain('<html lang="fr" dir="ltr"');
  await expect(html(page)).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 2, name: fr.home.brandsTitle })).toBeVisible();
  await appStarted(page);
  // Choosing another language keeps it in a cookie: the next page comes from the server in it.
  await page.getByRole('combobox', { name: fr.nav.language }).first().selectOption('he');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  expect((await french.cookies()).find((cookie) => cookie.name === 'i18nextLng')?.value).toBe('he');
  const next = page.waitForResponse((response) => new URL(response.url()).pathname === '/products');
  await page.goto('/products');
  expect(await (await next).text()).toContain('<html lang="he" dir="rtl"');
  await expect(html(page)).toHaveAttribute('lang', 'he');
  await french.close();
});
