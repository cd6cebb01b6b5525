import { expect, test } from '@playwright/test';

import { appStarted, BRAND_IDS, en, he, seededBrandCards } from './fixtures';

test('the home page shows the seven brands in Hebrew, right to left', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(he.meta.home.title);
  await expect(page.getByRole('heading', { level: 2, name: he.home.brandsTitle })).toBeVisible();
  await expect(seededBrandCards(page)).toHaveCount(7);
  // Right to left for real: the logo sits on the right of the header.
  const logo = await page.getByRole('img', { name: he.site.logoAlt }).first().boundingBox();
  expect(logo!.x).toBeGreaterThan((page.viewportSize()!.width * 2) / 3);
});

for (const brandId of BRAND_IDS) {
  test(`the brand page of ${brandId} opens from its card, with its own title`, async ({ page }) => {
    await page.goto('/?lang=en');
    const card = page.getByTestId('brand-card').filter({ has: page.locator(`a[href="/brand/${brandId}"]`) });
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await card.getByRole('link').click();
    await expect(page).toHaveURL(`/brand/${brandId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: en.brand.history })).toBeVisible();
    await expect(page).toHaveTitle(en.meta.brand.title.replace('{{name}}', name));
  });
}

test('a brand page loaded directly gets its title from the server', async ({ request }) => {
  const answer = await request.get('/brand/bloch?lang=en');
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(`<title>${en.meta.brand.title.replace('{{name}}', 'Bloch')}</title>`);
});

test('the products page shows the catalogue a page at a time, each product linking to its maker in a new tab', async ({ page }) => {
  await page.goto('/products?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(24);
  const link = cards.first().getByRole('link');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  await appStarted(page);
  const first = await cards.first().getByRole('heading').textContent();
  const pages = page.getByRole('navigation', { name: en.products.pagerLabel });
  await pages.getByRole('button', { name: en.common.pager.page.replace('{{page}}', '2') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(24);
  await expect(cards.first().getByRole('heading')).not.toHaveText(first!);
  // Choosing a maker starts again at its first page.
  await page.getByRole('combobox', { name: en.products.filterLabel, exact: true }).selectOption('nikolay');
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText('Nikolay Fouetté').first()).toBeVisible();
});

test('the search box finds a brand and opens its page', async ({ page }) => {
  await page.goto('/?lang=en');
  await appStarted(page);
  await page.getByRole('combobox', { name: en.search.label }).first().fill('gaynor');
  await page.getByRole('option', { name: 'Gaynor Minden', exact: true }).click();
  await expect(page).toHaveURL('/brand/gaynor');
  await expect(page.getByRole('heading', { level: 1, name: 'Gaynor Minden' })).toBeVisible();
});
