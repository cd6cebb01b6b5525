import { expect, test, type Page } from '@playwright/test';

import products from '../../content/products.json' with { type: 'json' };
import { appStarted, en, he, seriousViolations } from './fixtures';

/** The navigation's search box and its list of results, by their names in the interface language. */
function search(page: Page, texts: { search: { label: string } }) {
  return {
    box: page.getByRole('combobox', { name: texts.search.label }),
    // Scoped to the results list: the language switcher's <option>s have the option role too.
    options: page.getByRole('listbox', { name: texts.search.label }).getByRole('option'),
    message: page.getByTestId('search-message'),
    // The visually hidden live region that screen readers read out.
    announcement: page.getByTestId('search-status'),
  };
}

const interpolate = (text: string, values: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What a visitor types without accents: "Fouetté" → "Fouette". */
const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

test('finds a product typed in mixed case, says when nothing matches, and clears', async ({ page }) => {
  await page.goto('/?lang=en');
  await appStarted(page);
  const { box, options, message, announcement } = search(page, en);

  await box.fill('eUrOsTrEtCh');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Bloch Eurostretch');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(announcement).toHaveText(interpolate(en.search.results_one, { count: 1 }));
  expect(await seriousViolations(page)).toEqual([]);

  await box.fill('zzqxv');
  await expect(message).toHaveText(interpolate(en.search.noResults, { query: 'zzqxv' }));
  await expect(announcement).toHaveText(interpolate(en.search.noResults, { query: 'zzqxv' }));
  await expect(options).toHaveCount(0);

  await page.getByRole('button', { name: en.search.clear }).click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(message).toBeHidden();
  await expect(options).toHaveCount(0);
});

test('Escape first closes the list, then clears the box', async ({ page }) => {
  await page.goto('/?lang=en');
  await appStarted(page);
  const { box, options } = search(page, en);
  await box.fill('bloch');
  await expect(options.first()).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('bloch');
  await expect(options).toHaveCount(0);
  await box.press('Escape');
  await expect(box).toHaveValue('');
});

test('ArrowDown and Enter open the brand found', async ({ page }) => {
  await page.goto('/?lang=en');
  await appStarted(page);
  const { box, options } = search(page, en);
  await box.fill('nikolay');
  const brand = options.filter({ hasText: /^Nikolay$/ });
  await expect(brand).toBeVisible();
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await brand.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL('/brand/nikolay');
  await expect(page.getByRole('heading', { level: 1, name: 'Nikolay' })).toBeVisible();
});

test('on the Hebrew site a product is found by its Latin name', async ({ page }) => {
  // A product whose Hebrew name differs is found by its English name through `otherNames`. While every
  // Hebrew name in content/products.json is the Latin one, the Latin name typed in capitals and without its
  // accent ("NIKOLAY FOUETTE") stands in.
  const differing = products.find((product) => product.translations.he.name !== product.translations.en.name);
  const product = differing ?? products.find((candidate) => candidate.id === 'nikolay-fouette')!;
  await page.goto('/');
  await appStarted(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  const { box, options } = search(page, he);
  await box.fill(withoutAccents(product.translations.en.name).toUpperCase());
  await expect(options.filter({ hasText: new RegExp(escapeRegExp(product.translations.he.name)) })).toBeVisible();
});

test('choosing a product opens its maker’s page in a new tab', async ({ page, context }) => {
  const product = products.find((candidate) => candidate.id === 'bloch-heritage')!;
  const maker = new URL(product.link);
  // The maker's site is not reached from the test machine: a stub page answers for it.
  await context.route(
    (url) => url.origin === maker.origin,
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Maker</title>' }),
  );
  await page.goto('/?lang=en');
  await appStarted(page);
  const { box, options } = search(page, en);
  // "Heritage" also finds the data set's Heritage Strong.
  await box.fill('heritage');
  const option = options.filter({ hasText: product.translations.en.name }).filter({ hasNotText: 'Strong' });
  await expect(option).toBeVisible();
  const [popup] = await Promise.all([context.waitForEvent('page'), option.click()]);
  await popup.waitForURL((url) => url.origin === maker.origin);
  expect(popup.url().startsWith(maker.origin)).toBe(true);
  // The site itself stays where it was, with the box emptied.
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(box).toHaveValue('');
});
