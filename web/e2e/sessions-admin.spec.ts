import { expect, test } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, en } from './fixtures';

// Two sign-ups (each with its bot-check and e-mailed code) take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test('an admin revokes a member’s session, and that browser is sent to login on its next action', async ({ page, browser }) => {
  const member = await signUp(page, newAccount());

  const adminPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const admin = await signUp(adminPage, newAccount());
  setRole(admin.username, 'admin');
  await adminPage.goto('/admin/sessions?lang=en');
  await adminPage.getByRole('combobox', { name: adminEn.sessions.filterByUser }).click();
  await adminPage.getByRole('option', { name: member.username }).click();
  const table = adminPage.getByRole('table', { name: adminEn.screens.sessions });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: adminEn.sessions.revokeOf.replace('{{name}}', member.username) }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: adminEn.sessions.revoke }).click();
  await expect(adminPage.getByRole('dialog')).toHaveCount(0);
  await expect(table.getByText(adminEn.sessions.empty).or(adminPage.getByText(adminEn.sessions.empty))).toBeVisible();
  await adminPage.context().close();

  await page.getByRole('navigation', { name: en.nav.label }).first().getByRole('link', { name: en.nav.tips }).click();
  await expect(page).toHaveURL(/\/login\?reason=session_expired/);
});
