import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { expect, test, type Page } from '@playwright/test';

import { bearer, newAccount, setRole, signUp } from './accounts';
import { adminEn, adminHe, appStarted, en, seriousViolations } from './fixtures';

// A visit in two languages, a sign-up, then the screen's reads and its downloads (four CSV, two PDF).
test.describe.configure({ timeout: 120_000 });

/** A browser that is no bot: the server leaves headless Chromium's own user agent out of the figures. */
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Hit {
  name: string;
  path: string;
  lang: string;
  target: string;
  results: number | null;
}

/** Waits until the server has written a hit like `expected` (its writer runs every second), read as the admin. */
async function written(admin: Page, expected: Partial<Hit>) {
  await expect
    .poll(async () => {
      const answer = await admin.request.get('/api/admin/analytics/live', { headers: await bearer(admin) });
      const { recent } = (await answer.json()) as { recent: Hit[] };
      return recent.some((hit) => Object.entries(expected).every(([key, value]) => hit[key as keyof Hit] === value));
    })
    .toBe(true);
}

/** A breakdown's card on the screen, by its title. */
const breakdown = (page: Page, key: keyof typeof adminEn.analytics.breakdowns) => page.getByRole('region', { name: adminEn.analytics.breakdowns[key], exact: true });

/** Downloads one export through the menu (named in the screen's language); answers its name and bytes. */
async function exportFile(page: Page, item: string, menu = adminEn.analytics.export.menu): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: menu }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

const BOM = '\uFEFF';

/** A PDF's text in reading order, as poppler's pdftotext extracts it. */
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString();

test('a visitor’s pages and events in two languages reach the analytics screen, which filters, exports and is accessible', async ({ browser, page }) => {
  const term = `zqx${Date.now()}`;
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  const part = () => 1 + Math.floor(Math.random() * 254);
  const visitor = await browser.newContext({ userAgent: FIREFOX, extraHTTPHeaders: { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` } });
  const site = await visitor.newPage();

  await site.goto('/products?lang=en');
  await appStarted(site);
  await written(page, { name: 'pageview', path: '/products', lang: 'en' });
  await site.getByRole('button', { name: en.chat.button }).click();
  await written(page, { name: 'chatOpened' });
  await site.getByRole('combobox', { name: en.search.label }).fill(term);
  await written(page, { name: 'search', target: term, results: 0 });
  const card = site.getByTestId('product-card').first();
  const product = (await card.getByRole('heading').textContent()) ?? '';
  const opened = visitor.waitForEvent('page');
  await card.getByRole('link').click();
  await (await opened).close();
  await written(page, { name: 'productLink', target: product });
  await site.goto('/?lang=he');
  await written(page, { name: 'pageview', path: '/', lang: 'he' });
  await visitor.close();

  await page.goto('/admin/analytics?range=1h&lang=en');
  await expect(breakdown(page, 'emptySearches').getByText(term)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: adminEn.screens.analytics })).toBeVisible();
  await expect(breakdown(page, 'pages').getByRole('button', { name: '/products', exact: true })).toBeVisible();
  await expect(breakdown(page, 'languages').getByRole('button', { name: 'English', exact: true })).toBeVisible();
  await expect(breakdown(page, 'languages').getByRole('button', { name: 'Hebrew', exact: true })).toBeVisible();
  for (const event of [adminEn.analytics.events.chatOpened, adminEn.analytics.events.search, adminEn.analytics.events.productLink]) {
    await expect(breakdown(page, 'events').getByRole('button', { name: event, exact: true })).toBeVisible();
  }
  await expect(breakdown(page, 'products').getByRole('button', { name: product, exact: true })).toBeVisible();
  await expect(breakdown(page, 'browsers').getByRole('button', { name: 'Firefox', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: adminEn.analytics.live.title })).toContainText(term);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A click on a page narrows the screen to it.
  await breakdown(page, 'pages').getByRole('button', { name: '/products', exact: true }).click();
  const pageFilter = adminEn.analytics.filters.remove.replace('{{name}}', adminEn.analytics.filterNames.page).replace('{{value}}', '/products');
  await expect(page.getByRole('button', { name: pageFilter })).toBeVisible();
  await expect(page).toHaveURL(/page=%2Fproducts/);
  await expect(breakdown(page, 'pages').getByRole('button', { name: '/', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: pageFilter }).click();
  await expect(page).not.toHaveURL(/page=/);

  const summary = await exportFile(page, adminEn.analytics.export.summary);
  expect(summary.name).toMatch(/^analytics-summary-1h-\d{4}-\d{2}-\d{2}\.csv$/);
  const summaryLines = summary.bytes.toString('utf8').split('\r\n');
  expect(summaryLines[0]).toBe(`${BOM}Metric,This period,Previous period,Change`);
  expect(summaryLines.find((line) => line.startsWith(`${adminEn.analytics.headline.visitors},`))?.split(',')[1]).toMatch(/^[1-9]\d*$/);

  const pages = (await exportFile(page, adminEn.analytics.export.pages)).bytes.toString('utf8').split('\r\n');
  expect(pages[0]).toBe(`${BOM}Name,Visitors,Count`);
  expect(pages.some((line) => /^\/products,[1-9]\d*,[1-9]\d*$/.test(line))).toBe(true);

  const recent = (await exportFile(page, adminEn.analytics.export.recent)).bytes.toString('utf8').split('\r\n');
  expect(recent[0]).toMatch(new RegExp(`^${BOM}Time,What,Page,`));
  expect(recent.some((line) => line.includes(`,${adminEn.analytics.events.search},/products,,${term},0,`))).toBe(true);

  const all = await exportFile(page, adminEn.analytics.export.all);
  expect(all.name).toMatch(/^analytics-all-1h-.*\.zip$/);
  const listing = execFileSync('python3', ['-c', 'import sys, zipfile, io; print(*sorted(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).namelist()))'], { input: all.bytes })
    .toString()
    .trim()
    .split(' ');
  expect(listing).toEqual(expect.arrayContaining(['summary.csv', 'pages.csv', 'recent.csv', 'emptySearches.csv', 'languages.csv']));

  const pdf = await exportFile(page, adminEn.analytics.export.pdf);
  expect(pdf.name).toMatch(/^analytics-pdf-1h-\d{4}-\d{2}-\d{2}\.pdf$/);
  const english = pdfText(pdf.bytes);
  for (const text of [adminEn.analytics.export.reportTitle, adminEn.analytics.headline.visitors, adminEn.analytics.breakdowns.emptySearches, term, '/products']) {
    expect(english).toContain(text);
  }

  await page.goto('/admin/analytics?range=1h&lang=he');
  await expect(page.getByRole('heading', { level: 1, name: adminHe.screens.analytics })).toBeVisible();
  await expect(page.getByRole('region', { name: adminHe.analytics.breakdowns.emptySearches, exact: true }).getByText(term)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The Hebrew report's headings come out of the PDF in reading (logical) order.
  const hebrew = pdfText((await exportFile(page, adminHe.analytics.export.pdf, adminHe.analytics.export.menu)).bytes);
  for (const heading of [adminHe.analytics.export.reportTitle, adminHe.analytics.export.summaryTitle, adminHe.analytics.chart.title, adminHe.analytics.breakdowns.pages, adminHe.analytics.breakdowns.emptySearches]) {
    expect(hebrew).toContain(heading);
  }
  expect(hebrew.indexOf(adminHe.analytics.breakdowns.pages)).toBeLessThan(hebrew.indexOf(adminHe.analytics.breakdowns.emptySearches));
  // Addresses stay left to right inside the right-to-left report, and dates are written in Hebrew.
  expect(hebrew).toContain('/products');
  expect(hebrew).not.toContain('products/');
  expect(hebrew).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  expect(hebrew).toMatch(/ב(ינואר|פברואר|מרץ|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר)/);
});
