import { expect, test } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, adminHe, appStarted, seriousViolations } from './fixtures';

// A sign-up that makes the admin, a visitor's page, then the admin's screens in two languages.
test.describe.configure({ timeout: 120_000 });

test('a visitor’s crash reaches the admin mapped back to the source, who resolves it, in two languages', async ({ browser, page }) => {
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  const part = () => 1 + Math.floor(Math.random() * 254);
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` } });
  const site = await visitor.newPage();
  await site.goto('/?lang=en');
  await appStarted(site);

  // A place in one of this build's own scripts, reported as a crash the way the app's error boundary does.
  const script = await site.evaluate(() => [...document.scripts].map((tag) => tag.src).find((src) => /\/assets\/[^/]+\.js$/.test(src)));
  expect(script).toBeDefined();
  // The entry's code that finds the page's data (src/ssr/renderedPage.ts) calls getElementById.
  const lines = (await (await site.request.get(script!)).text()).split('\n');
  const line = lines.findIndex((text) => text.includes('getElementById')) + 1;
  expect(line).toBeGreaterThan(0);
  const column = lines[line - 1]!.indexOf('getElementById') + 1;
  const map = await site.request.get(`${script!}.map`);
  expect(await map.text()).not.toContain('"mappings"');
  const message = `TypeError: the e2e crash of ${Date.now()} had no price`;
  for (let report = 0; report < 2; report++) {
    const status = await site.evaluate(
      async ({ message, stack }) => {
        const body = { message, stack, url: location.href, timestamp: new Date().toISOString(), lang: 'en', release: 'e2e' };
        const answer = await fetch('/api/admin/log-error', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return answer.status;
      },
      { message, stack: `${message}\n    at Zt (${script!}:${line}:${column})` },
    );
    expect(status).toBe(201);
  }
  await visitor.close();

  await page.goto('/admin?lang=en');
  const tiles = page.getByRole('list', { name: adminEn.overview.title });
  const crashes = tiles.getByRole('link').filter({ hasText: adminEn.overview.crashes });
  await expect(crashes).toContainText(adminEn.overview.crashesDetail);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await crashes.click();

  await expect(page.getByRole('heading', { level: 1, name: adminEn.screens.crashes })).toBeVisible();
  await page.getByRole('link', { name: message }).click();
  await expect(page.getByRole('heading', { level: 1, name: message })).toBeVisible();
  await expect(page.getByRole('table', { name: adminEn.crashes.summary })).toContainText(`${adminEn.crashes.occurrences}2`);
  // The frame as the build's source map places it: the project's file, line and column.
  await expect(page.getByText(/^src\/ssr\/renderedPage\.ts:\d+:\d+/)).toBeVisible();
  await expect(page.getByText(adminEn.crashes.unmapped)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${new URL(page.url()).pathname}?lang=he`);
  await expect(page.getByRole('heading', { level: 1, name: message })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: adminHe.crashes.stack })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: adminHe.crashes.actions.resolve }).click();
  await expect(page.getByText(adminHe.crashes.statuses.resolved, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: adminHe.crashes.actions.reopen })).toBeVisible();
});
