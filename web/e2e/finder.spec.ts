import { expect, test, type Page } from '@playwright/test';

import finderEn from '../src/features/finder/locales/en.json' with { type: 'json' };
import finderHe from '../src/features/finder/locales/he.json' with { type: 'json' };
import { newAccount, setRole, signUp } from './accounts';
import { adminEn, appStarted, he, seriousViolations } from './fixtures';

/*
 * The shoe finder over the data set's 365 models (imported by the seed on the server's first start):
 * filters with counts that live in the address, the questionnaire, and the comparison.
 */

/**
 * The models with a square box, a hard shank and still made, by the data set (content/pointe-shoes/): eight
 * families, two of them Freed's lines with the shoemakers whose variants match.
 */
const SQUARE_HARD_AVAILABLE = [
  'Capezio Airess Broad Toe',
  'FR Duval Duval3 theEuropean',
  'Freed of London Classic Professional 90',
  'Freed of London Classic Professional 90 Hard',
  'Freed of London Studio II',
  'Suffolk Sheffield',
  'Suffolk Stratford',
  'Wear Moi Titan',
];

const cards = (page: Page) => page.getByTestId('model-card');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allTextContents();

async function openFinder(page: Page, query = '') {
  await page.goto(`/finder?lang=en${query}`);
  await expect(page.getByRole('heading', { level: 1, name: finderEn.title })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await appStarted(page);
}

/** The filter's group of values (its accordion opened first). */
async function filterGroup(page: Page, name: string) {
  const group = page.getByRole('group', { name });
  if (!(await group.isVisible())) await page.getByRole('button', { name }).click();
  await expect(group).toBeVisible();
  return group;
}

test('ticking square box, hard shank and available shows exactly those models, with counts, in the address', async ({ page }) => {
  await openFinder(page);
  await (await filterGroup(page, 'Box shape')).getByRole('checkbox', { name: /^Square \(\d+\)$/ }).check();
  await (await filterGroup(page, 'Shank strength')).getByRole('checkbox', { name: /^Hard \(\d+\)$/ }).check();
  const availability = await filterGroup(page, 'Availability');
  // The count beside a value is how many models it would leave.
  await expect(availability.getByRole('checkbox', { name: `Available (${SQUARE_HARD_AVAILABLE.length})` })).toBeVisible();
  await availability.getByRole('checkbox', { name: /^Available/ }).check();

  await expect(page.getByRole('heading', { level: 2, name: `${SQUARE_HARD_AVAILABLE.length} models` })).toBeVisible();
  expect((await names(page)).sort()).toEqual([...SQUARE_HARD_AVAILABLE].sort());
  await expect(page).toHaveURL(/boxShape=square&shankStrength=hard&availability=available/);
  // A family matches by its variants, and its card says which: four of Freed's six "Classic Professional 90 Hard".
  const hard = cards(page).filter({ has: page.getByRole('heading', { name: 'Freed of London Classic Professional 90 Hard' }) });
  await expect(hard.getByTestId('matching-variants')).toHaveText(/^Variants that match: (Shoemakers [^,]+(, [^,]+)*(, |$)){4}/);

  // The address gives the same list to whoever opens it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: `${SQUARE_HARD_AVAILABLE.length} models` })).toBeVisible();
  await expect((await filterGroup(page, 'Box shape')).getByRole('checkbox', { name: /^Square \(/ })).toBeChecked();
  expect((await names(page)).sort()).toEqual([...SQUARE_HARD_AVAILABLE].sort());
});

test('a highest price leaves the models that start at or under it, and is kept in the address', async ({ page }) => {
  await openFinder(page);
  const all = await page.getByRole('heading', { level: 2, name: /^\d+ models$/ }).textContent();
  await page.getByRole('spinbutton', { name: finderEn.filters.priceMax }).fill('60');
  await expect(page).toHaveURL(/priceMax=60/);
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ models$/ })).not.toHaveText(all ?? '');
  // The price badges (a card may also say the model is discontinued).
  const prices = (await cards(page).locator('.mantine-Badge-label').allTextContents()).filter((text) => text.startsWith('$'));
  const lowest = prices.map((price) => Number(price.replace(/^\$/, '').split('–')[0]));
  expect(lowest.length).toBeGreaterThan(0);
  expect(lowest.every((price) => price <= 60)).toBe(true);

  await page.reload();
  await expect(page.getByRole('spinbutton', { name: finderEn.filters.priceMax })).toHaveValue('60');
});

test('sorting by price puts the cheapest first, and the order is kept in the address', async ({ page }) => {
  await openFinder(page, '&maker=bloch');
  await page.getByRole('combobox', { name: finderEn.sort.label }).selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  const prices = await cards(page).locator('.mantine-Badge-label').allTextContents();
  const lowest = prices.map((price) => Number(price.replace(/^\$/, '').split('–')[0]));
  expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
});

test('the questionnaire for a square foot ranks square boxes first, says why, and keeps the answers when asked', async ({ page }) => {
  await page.goto('/finder/my-feet?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: finderEn.questionnaire.title })).toBeVisible();
  await appStarted(page);
  await page.getByRole('radio', { name: finderEn.questionnaire.toes.square }).check();
  await page.getByRole('radio', { name: finderEn.questionnaire.arch.flexible }).check();
  await page.getByRole('checkbox', { name: finderEn.questionnaire.keep }).check();
  await page.getByRole('button', { name: finderEn.questionnaire.submit }).click();

  const results = page.getByRole('region', { name: finderEn.questionnaire.results });
  await expect(results.getByText(finderEn.questionnaire.fitting)).toBeVisible();
  // The best matches have a box for even toes and a shank for a flexible arch, and say so.
  for (const reasons of (await results.getByTestId('match-reasons').all()).slice(0, 3)) {
    await expect(reasons).toContainText(`${finderEn.reasons.madeFor}`);
    await expect(reasons).toContainText(finderEn.reasons.toes.square);
    await expect(reasons).toContainText(finderEn.reasons.arch.flexible);
  }

  // Kept on this device: the answers and the list are back on the next visit.
  await page.reload();
  await expect(page.getByRole('radio', { name: finderEn.questionnaire.toes.square })).toBeChecked();
  await expect(page.getByRole('region', { name: finderEn.questionnaire.results }).getByTestId('model-card').first()).toBeVisible();
});

test('three models compared side by side, the differences marked, from an address that can be shared', async ({ page }) => {
  await openFinder(page, '&maker=freed');
  for (const card of await cards(page).all().then((all) => all.slice(0, 3))) await card.getByRole('checkbox').check();
  const tray = page.getByRole('region', { name: finderEn.compare.tray });
  await tray.getByRole('link', { name: 'Compare 3 models' }).click();

  await expect(page).toHaveURL(/\/finder\/compare\?compare=[^,]+,[^,]+,[^,&]+$/);
  const table = page.getByTestId('comparison');
  await expect(table.getByRole('columnheader')).toHaveCount(4);
  await expect(table.getByRole('rowheader', { name: 'Maker', exact: true })).toBeVisible();
  const differing = table.locator('tr[data-differs="true"]');
  expect(await differing.count()).toBeGreaterThan(0);
  // Only the rows that differ.
  await page.getByRole('switch', { name: finderEn.compare.onlyDifferences }).check();
  await expect(table.locator('tbody tr')).toHaveCount(await differing.count());

  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId('comparison').getByRole('columnheader')).toHaveCount(4);
  await other.close();
});

test('a model page shows its whole fit, the notes in English with a hint in Hebrew, and the credit', async ({ page }) => {
  await page.goto('/shoe/bloch-alpha');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'Bloch Alpha' })).toBeVisible();
  await expect(page.getByText(finderHe.shownInEnglish)).toBeVisible();
  await expect(page.getByText(/^Broad platform/)).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('model-fit')).toContainText('מרובעת ורחבה');
  // The data set's README's credit, in its words, with the licence; in the footer of every page that lists its models.
  const readme = '"Data Pointes Lab Database" by Danielle Heymann (Data Pointes Lab), licensed under CC BY 4.0, source github.com/4dh/datapointeslab-database';
  for (const path of ['/shoe/bloch-alpha', '/products', '/brand/gaynor', '/']) {
    if (path !== '/shoe/bloch-alpha') await page.goto(path);
    const credit = page.getByTestId('data-credit');
    await expect(credit.locator('[lang="en"]')).toContainText(readme);
    await expect(credit.getByRole('link', { name: he.footer.dataLicence })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
  }
});

test('the finder in Hebrew reads right to left, linked from the menu and the home page', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  await page.getByRole('link', { name: he.home.findShoes }).click();
  await expect(page).toHaveURL('/finder');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: finderHe.title })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('data-credit')).toBeVisible();
  await expect(page.getByRole('navigation', { name: he.nav.label }).getByRole('link', { name: he.nav.finder })).toHaveAttribute('aria-current', 'page');
});

test('an editor mends a price the import left unread, and the model page shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await signUp(page, newAccount());
  setRole(account.username, 'editor');
  await page.reload();
  const model = 'gaynor-protegee-box-4-hard';
  await page.goto('/admin/products?lang=en');
  await page.getByRole('searchbox', { name: adminEn.table.search }).fill(model);
  await page.getByRole('button', { name: adminEn.common.editItem.replace('{{name}}', 'Gaynor Minden Protégée - Box 4 Hard') }).click();
  const dialog = page.getByRole('dialog');
  const unread = dialog.getByTestId('fit-unread');
  await expect(unread).toContainText('$115.00-187');
  await unread.getByRole('button', { name: adminEn.products.fit.handled }).click();
  await expect(unread).toHaveCount(0);
  await dialog.getByRole('textbox', { name: adminEn.products.fit.priceMax }).fill('60');
  await dialog.getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog.getByText(adminEn.messages.pricesReversed)).toBeVisible();
  await dialog.getByRole('textbox', { name: adminEn.products.fit.priceMax }).fill('125');
  await dialog.getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/shoe/${model}?lang=en`);
  await expect(page.getByTestId('model-fit')).toContainText('$115–125');
  await page.goto(`/finder/compare?lang=en&compare=${model},gaynor-protegee-box-4-supple`);
  await expect(page.getByTestId('comparison')).toBeVisible();
  await page.goto('/admin/products?lang=en');
  await page.getByRole('searchbox', { name: adminEn.table.search }).fill(model);
  await page.getByRole('button', { name: adminEn.common.editItem.replace('{{name}}', 'Gaynor Minden Protégée - Box 4 Hard') }).click();
  await expect(page.getByRole('dialog').getByTestId('fit-unread')).toHaveCount(0);
  await expect(page.getByRole('dialog').getByRole('textbox', { name: adminEn.products.fit.priceMax })).toHaveValue('125');
});

test("a family lists its variants where they differ, each with an address, and a variant's old address leads there", async ({ page }) => {
  await openFinder(page, '&maker=gaynor&boxShape=medium-square,square-wide');
  const europa = cards(page).filter({ has: page.getByRole('heading', { name: 'Gaynor Minden Europa Classic', exact: true }) });
  await expect(europa.getByTestId('matching-variants')).toHaveText('Variants that match: Box 4, Box 5');
  await europa.getByRole('link', { name: 'Gaynor Minden Europa Classic' }).click();

  await expect(page).toHaveURL(/\/shoe\/gaynor-minden-europa-classic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gaynor Minden Europa Classic' })).toBeVisible();
  const matrix = page.getByTestId('variant-matrix');
  await expect(matrix.locator('tbody tr')).toHaveCount(25);
  // Only what differs: the box's and shank's names, then the attributes that differ (box shape, shank).
  await expect(matrix.getByRole('columnheader', { name: 'Box shape' })).toBeVisible();
  await expect(matrix.getByRole('columnheader', { name: 'Maker' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: finderEn.variants.fitOfAll_other.replace('{{count}}', '25') })).toBeVisible();
  await matrix.locator('tbody tr').filter({ hasText: 'Box 3+' }).filter({ hasText: 'Supple' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/shoe\/gaynor-minden-europa-classic\?variant=gaynor-europa-classic-box-3-plus-supple$/);
  await expect(page.getByRole('heading', { level: 2, name: 'The fit of Gaynor Minden Europa Classic - Box 3+ Supple' })).toBeVisible();
  await expect(matrix.getByRole('link', { name: 'Box 3+' }).and(page.locator('[aria-current="page"]'))).toHaveCount(1);

  // The variant's page of before moves to its family's, with it chosen.
  await page.goto('/shoe/gaynor-europa-classic-box-2-hard?lang=en');
  await expect(page).toHaveURL(/\/shoe\/gaynor-minden-europa-classic\?variant=gaynor-europa-classic-box-2-hard&lang=en$/);
  await expect(page.getByRole('heading', { level: 2, name: 'The fit of Gaynor Minden Europa Classic - Box 2 Hard' })).toBeVisible();
  // A family compared whole beside one variant of another.
  await page.goto('/finder/compare?lang=en&compare=gaynor-minden-europa-classic,gaynor-lyra-classic-box-2-hard');
  await expect(page.getByTestId('comparison').getByRole('columnheader')).toHaveCount(3);
  await expect(page.getByTestId('comparison').getByRole('link', { name: 'Gaynor Minden Europa Classic' })).toHaveAttribute('href', '/shoe/gaynor-minden-europa-classic');
});

test('an editor takes a model out of a family and renames it, and the finder shows the family so', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await signUp(page, newAccount());
  setRole(account.username, 'editor');
  await page.goto('/admin/families?lang=en');
  await page.getByRole('searchbox', { name: adminEn.table.search }).fill('Protégée');
  await page.getByRole('button', { name: adminEn.common.editItem.replace('{{name}}', 'Gaynor Minden Protégée') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /^Remove .* from the family$/ })).toHaveCount(25);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Remove Gaynor Minden Protégée - Box 5 Hard from the family' }).click();
  await dialog.getByRole('textbox', { name: adminEn.families.name }).fill('Gaynor Minden Protégée (Box 2 to 4)');
  await dialog.getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/shoe/gaynor-minden-protegee?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Gaynor Minden Protégée (Box 2 to 4)' })).toBeVisible();
  await expect(page.getByTestId('variant-matrix').locator('tbody tr')).toHaveCount(24);
  // The model taken out is a model of its own, with its own page.
  await page.goto('/shoe/gaynor-protegee-box-5-hard?lang=en');
  await expect(page).toHaveURL(/\/shoe\/gaynor-protegee-box-5-hard\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gaynor Minden Protégée - Box 5 Hard' })).toBeVisible();
  await expect(page.getByTestId('variant-matrix')).toHaveCount(0);
});

for (const language of ['he', 'en'] as const) {
  test(`a family's page in ${language} has no serious accessibility violations once drawn`, async ({ page }) => {
    await page.goto(`/shoe/gaynor-minden-lyra-sleek?lang=${language}&variant=gaynor-lyra-sleek-box-3-feather`);
    await expect(page.getByTestId('variant-matrix').locator('tbody tr')).toHaveCount(25);
    await appStarted(page);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const language of ['he', 'en'] as const) {
  test(`the comparison and the questionnaire's results in ${language} have no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/finder/compare?lang=${language}&compare=bloch-alpha,bloch-heritage,gaynor-protegee-box-2-hard`);
    await expect(page.getByTestId('comparison').getByRole('columnheader')).toHaveCount(4);
    await appStarted(page);
    await page.getByRole('switch').check();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/finder/my-feet?lang=${language}`);
    const texts = language === 'he' ? finderHe : finderEn;
    await appStarted(page);
    await page.getByRole('radio', { name: texts.questionnaire.toes.greek }).check();
    await page.getByRole('radio', { name: texts.questionnaire.width.wide }).check();
    await page.getByRole('button', { name: texts.questionnaire.submit }).click();
    await expect(page.getByRole('region', { name: texts.questionnaire.results }).getByTestId('model-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
