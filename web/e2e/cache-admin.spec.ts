import { expect, test, type Page } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, adminHe, seriousViolations, textContrast } from './fixtures';

// A sign-up with its bot-check and e-mailed code, and the server's 10-second publishing of the figures
// the chart reads, take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** A cache's figure: the cell of the row its field heads, in the cache's card. */
const figure = (page: Page, cache: string, field: string) =>
  page
    .getByRole('region', { name: cache, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: field, exact: true }) })
    .getByRole('cell');

const count = async (page: Page, cache: string, field: string) => Number((await figure(page, cache, field).textContent())?.replace(/\D/g, ''));

/** The screen once its figures and its chart have come: no loader left (the chart is drawn once the server published the minute's queries, every 10 s). */
async function loaded(page: Page, publicReads: string) {
  await expect(page.getByRole('region', { name: publicReads, exact: true })).toBeVisible();
  await expect(page.locator('.recharts-line-dot').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
}

test('an admin sees the public reads counted, clears them after confirming, finds the clear in the audit log, and the screen is accessible', async ({ page }) => {
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  // Each read twice: the second answer comes from the cache.
  for (let round = 0; round < 2; round++) {
    for (const path of ['/api/brands?lang=en', '/api/products?lang=en', '/api/blog/posts?lang=en', '/api/blog/categories?lang=en']) {
      expect((await page.request.get(path)).ok()).toBe(true);
    }
  }

  const { names, fields } = adminEn.cache;
  await page.goto('/admin/cache?lang=en');
  await loaded(page, names.publicReads);
  // Other tests read the site meanwhile: at least these reads are counted.
  expect(await count(page, names.publicReads, fields.hits)).toBeGreaterThanOrEqual(4);
  expect(await count(page, names.publicReads, fields.entries)).toBeGreaterThanOrEqual(4);
  const reads = page.getByRole('region', { name: names.publicReads, exact: true });
  await expect(reads).toContainText(adminEn.cache.thresholds.replace('{{warning}}', '80%').replace('{{critical}}', '50%').replace('{{minQueries}}', '100'));
  // The status pill's text is readable on it (axe leaves badges out of its contrast check).
  expect(await textContrast(reads.locator('.mantine-Badge-label'))).toBeGreaterThanOrEqual(4.5);
  expect(await seriousViolations(page)).toEqual([]);

  await reads.getByRole('button', { name: adminEn.cache.clearOf.replace('{{name}}', names.publicReads) }).click();
  const dialog = page.getByRole('dialog', { name: adminEn.cache.clearTitle.replace('{{name}}', names.publicReads) });
  await dialog.getByRole('button', { name: adminEn.cache.clear, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(adminEn.cache.cleared.replace('{{name}}', names.publicReads))).toBeVisible();
  await expect(figure(page, names.publicReads, fields.entries)).toHaveText('0');

  await page.goto('/admin/audit-logs?lang=en');
  await page.getByRole('combobox', { name: adminEn.auditLogs.action, exact: true }).click();
  await page.getByRole('option', { name: adminEn.auditLogs.actions.clear_cache, exact: true }).click();
  const log = page.getByRole('table', { name: adminEn.screens.auditLogs });
  await expect(log.getByRole('row').filter({ hasText: admin.username }).filter({ hasText: adminEn.auditLogs.resourceTypes.cache }).filter({ hasText: 'publicReads' }).first()).toBeVisible();

  await page.goto('/admin/cache?lang=he');
  await loaded(page, adminHe.cache.names.publicReads);
  await expect(page.getByRole('heading', { level: 1, name: adminHe.screens.cache })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
