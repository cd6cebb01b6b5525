import { expect, test, type Page } from '@playwright/test';

import { newAccount, openFresh, setRole, signUp } from './accounts';
import { adminEn, adminHe, seriousViolations } from './fixtures';

// The sign-up that makes the admin (bot-check and e-mailed code), then the screen in two languages.
test.describe.configure({ timeout: 120_000 });

type AdminTexts = typeof adminEn;

/**
 * The campaigns' screen once the suppressed addresses' card has its list: on a fresh database none (the
 * empty state), though a spec running beside this one may have had an address bounce, so a table of them
 * counts too; no error, nothing loading any more.
 */
async function suppressionsLoaded(page: Page, texts: AdminTexts) {
  await expect(page.getByRole('heading', { level: 1, name: texts.screens.email })).toBeVisible();
  const card = page.getByRole('region', { name: texts.suppressions.title, exact: true });
  await expect(card.getByRole('heading', { level: 2, name: texts.suppressions.title })).toBeVisible();
  await expect(card).toContainText(texts.suppressions.intro);
  const empty = card.getByText(texts.suppressions.empty, { exact: true });
  const table = card.getByRole('table', { name: texts.suppressions.title, exact: true });
  await expect(empty.or(table)).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
  return card;
}

test('the suppressed addresses show on the campaigns’ screen, accessible in Hebrew and English', async ({ page }) => {
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');

  await openFresh(page, '/admin/email?lang=en');
  await suppressionsLoaded(page, adminEn);
  expect(await seriousViolations(page)).toEqual([]);

  await openFresh(page, '/admin/email?lang=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await suppressionsLoaded(page, adminHe);
  expect(await seriousViolations(page)).toEqual([]);
});
