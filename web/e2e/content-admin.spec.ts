import { expect, test, type Page } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, appStarted, en } from './fixtures';

/** A unique slug for this run: tests share one database. */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs up a new account, gives it `role`, and reloads so the session carries the new permissions. */
async function signUpAs(page: Page, role: 'editor' | 'admin') {
  const account = await signUp(page, newAccount());
  setRole(account.username, role);
  await page.reload();
  return account;
}

// Sign-up (with its bot-check and e-mailed code) and a whole editing session take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const dialog = (page: Page) => page.getByRole('dialog');
const tab = (page: Page, language: string) => dialog(page).getByRole('tab', { name: en.languages[language as keyof typeof en.languages] });

test('an editor adds a brand and a product in Hebrew and English, and the site shows them in both at once', async ({ page }) => {
  await signUpAs(page, 'editor');
  const brandId = unique('e2e-brand');
  const productId = unique('e2e-shoe');

  await page.goto('/admin/brands?lang=en');
  // Dashboard, brands, products, model families, blog, campaigns, templates and analytics (the POP3 mailbox is the admin's).
  await expect(page.getByRole('navigation', { name: adminEn.navigation }).getByRole('link')).toHaveCount(8);
  await page.getByRole('button', { name: adminEn.brands.add }).click();
  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog(page).getByText(adminEn.messages.required).first()).toBeVisible();

  await dialog(page).getByLabel(adminEn.brands.id).fill(brandId);
  await dialog(page).getByLabel(adminEn.brands.link).fill('https://example.org/brand');
  await dialog(page).getByLabel(adminEn.form.image, { exact: true }).fill('/images/logo.svg');
  await tab(page, 'he').click();
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.brands.name).fill('ברנד בדיקה');
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.brands.description).fill('מותג שנוצר בבדיקה.');
  await tab(page, 'en').click();
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.brands.name).fill('Test Brand');
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.brands.description).fill('A brand made by a test.');
  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog(page)).toHaveCount(0);
  // Fifteen brands and more fill more than a page of the table: the search finds the new one.
  await page.getByRole('searchbox', { name: adminEn.table.search }).fill(brandId);
  await expect(page.getByRole('table', { name: adminEn.screens.brands }).getByText(brandId)).toBeVisible();

  await page.goto('/admin/products?lang=en');
  await page.getByRole('button', { name: adminEn.products.add }).click();
  await dialog(page).getByLabel(adminEn.products.id).fill(productId);
  await dialog(page).getByRole('combobox', { name: adminEn.products.brand, exact: true }).click();
  await page.getByRole('option', { name: 'Test Brand' }).click();
  await dialog(page).getByLabel(adminEn.products.price).fill('$99');
  await dialog(page).getByLabel(adminEn.products.link).fill('https://example.org/shoe');
  await tab(page, 'he').click();
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.products.name).fill('נעל בדיקה');
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.products.description).fill('נעל שנוצרה בבדיקה.');
  await tab(page, 'en').click();
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.products.name).fill('Test Shoe');
  await dialog(page).getByRole('tabpanel').getByLabel(adminEn.products.description).fill('A shoe made by a test.');
  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog(page)).toHaveCount(0);

  await page.goto(`/brand/${brandId}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Test Brand' })).toBeVisible();
  await expect(page.getByText('Test Shoe').first()).toBeVisible();
  await expect(page.getByText('$99').first()).toBeVisible();
  await page.goto(`/brand/${brandId}?lang=he`);
  await expect(page.getByRole('heading', { level: 1, name: 'ברנד בדיקה' })).toBeVisible();
  await expect(page.getByText('נעל בדיקה').first()).toBeVisible();
  await page.goto(`/products?lang=fr&brand=${brandId}`);
  await expect(page.getByText('נעל בדיקה').first(), 'French falls back to Hebrew').toBeVisible();

  // Deleting the brand asks about its product, then both are gone from the site.
  await page.goto('/admin/brands?lang=en');
  await page.getByRole('searchbox', { name: adminEn.table.search }).fill(brandId);
  await page.getByRole('button', { name: adminEn.common.deleteItem.replace('{{name}}', 'Test Brand') }).click();
  await expect(dialog(page).getByRole('radio', { name: adminEn.brands.orphansDelete })).toBeChecked();
  await dialog(page).getByRole('button', { name: adminEn.common.delete }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect((await page.goto(`/brand/${brandId}?lang=en`))?.status()).toBe(404);
});

test('an admin writes, previews and publishes a post with a YouTube video; readers find it, and see a link once YouTube is off', async ({ page, browser }) => {
  await signUpAs(page, 'admin');
  const slug = unique('e2e-post');
  const video = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

  await page.goto('/admin/blog?lang=en');
  await page.getByRole('button', { name: adminEn.blog.newPost }).click();
  await dialog(page).getByLabel(adminEn.blog.slug).fill(slug);
  const panel = dialog(page).getByRole('tabpanel');
  await panel.getByLabel(adminEn.blog.title).fill('פוסט בדיקה');
  await panel.getByLabel(adminEn.blog.excerpt).fill('תקציר הבדיקה.');
  await panel.getByLabel(adminEn.blog.body).fill(`## כותרת משנה\n\nפסקה עם **הדגשה**.\n\n${video}`);
  const preview = panel.getByRole('region', { name: adminEn.blog.preview });
  await expect(preview.getByRole('heading', { level: 2, name: 'כותרת משנה' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('הדגשה');
  await expect(preview.getByRole('link', { name: en.blog.embed.link.youtube }).or(preview.locator('iframe'))).toBeVisible();
  await tab(page, 'en').click();
  await panel.getByLabel(adminEn.blog.title).fill('A test post');
  await panel.getByLabel(adminEn.blog.excerpt).fill('The test excerpt.');
  await panel.getByLabel(adminEn.blog.body).fill(`A paragraph in English.\n\n${video}`);
  await dialog(page).getByText(adminEn.blog.statuses.published, { exact: true }).click();
  await expect(dialog(page).getByRole('radio', { name: adminEn.blog.statuses.published })).toBeChecked();
  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog(page)).toHaveCount(0);

  const reader = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await reader.goto('/blog?lang=en');
  await expect(reader.getByText(en.common.pager.pageOf.replace('{{page}}', '1').replace('{{total}}', '2'))).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'A test post' })).toBeVisible();
  await appStarted(reader); // the pager's buttons work once the app has taken the drawn page over
  await reader.getByRole('navigation', { name: en.blog.pagerLabel }).getByRole('button', { name: en.common.pager.page.replace('{{page}}', '2') }).click();
  await expect(reader.getByText(en.common.pager.pageOf.replace('{{page}}', '2').replace('{{total}}', '2'))).toBeVisible();
  await expect(reader).toHaveURL(/page=2/);
  await reader.goto('/blog?lang=en');
  await reader.getByRole('link', { name: en.blog.readMoreAbout.replace('{{title}}', 'A test post') }).click();
  await expect(reader).toHaveURL(new RegExp(`/blog/${slug}`));
  await expect(reader.getByRole('heading', { level: 1, name: 'A test post' })).toBeVisible();
  const frame = reader.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
  await frame.scrollIntoViewIfNeeded().catch(() => undefined);
  await reader.mouse.wheel(0, 2000);
  await expect(frame).toHaveCount(1);
  await reader.goto(`/blog/${slug}?lang=he`);
  await expect(reader.getByRole('heading', { level: 1, name: 'פוסט בדיקה' })).toBeVisible();

  await page.goto('/admin/settings?lang=en');
  const embeds = page.getByRole('region', { name: adminEn.embeds.title });
  await embeds.getByRole('switch', { name: adminEn.embeds.providers.youtube }).uncheck({ force: true });
  await embeds.getByRole('button', { name: adminEn.common.save }).click();
  await expect(page.getByText(adminEn.embeds.saved)).toBeVisible();

  await reader.goto(`/blog/${slug}?lang=en`);
  const link = reader.getByRole('link', { name: en.blog.embed.link.youtube });
  await expect(link).toHaveAttribute('href', video);
  await expect(reader.locator('iframe')).toHaveCount(0);
  await reader.context().close();

  // Restore the default for other tests that read posts.
  await embeds.getByRole('switch', { name: adminEn.embeds.providers.youtube }).check({ force: true });
  await embeds.getByRole('button', { name: adminEn.common.save }).click();
  await expect(page.getByText(adminEn.embeds.saved).first()).toBeVisible();
});

test('an unknown post is not found, with status 404', async ({ page }) => {
  const answer = await page.goto('/blog/no-such-post?lang=en');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: en.notFound.title })).toBeVisible();
});

test('a member is refused: the admin sends them home and the API answers 403', async ({ page }) => {
  await signUp(page, newAccount());
  await page.goto('/admin/brands?lang=en');
  await expect(page).toHaveURL(/\/(\?|$)/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get('/api/admin/brands', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toEqual({ error: 'You do not have permission to do this', code: 'forbidden' });
});
