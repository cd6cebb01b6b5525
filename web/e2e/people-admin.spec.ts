import { readFileSync } from 'node:fs';

import { expect, test, type Page } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, en } from './fixtures';

// Sign-ups (each with its bot-check and e-mailed code) take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** A Mantine select: opens it by its label and picks the option. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Today in the browser's time zone as the date inputs take it (YYYY-MM-DD). */
const localDate = (offsetDays = 0) => {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

test('an admin finds a member by search, adds them to VIP, exports the CSV, and finds it in the audit log by date and action', async ({ page, browser }) => {
  const memberPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const member = await signUp(memberPage, newAccount());
  await memberPage.context().close();
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');

  await page.goto('/admin/users?lang=en');
  const table = page.getByRole('table', { name: adminEn.screens.users });
  await page.getByRole('searchbox', { name: adminEn.table.search }).fill(member.username);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: member.email })).toBeVisible();
  await table.getByRole('checkbox', { name: adminEn.table.selectRow.replace('{{row}}', member.username) }).check();
  await page.getByRole('button', { name: adminEn.users.addToVip }).click();
  await expect(page.getByText(adminEn.users.vipAdded_one.replace('{{count}}', '1'))).toBeVisible();

  await choose(page, adminEn.users.groupFilter, adminEn.users.groupFilters.vip);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(adminEn.users.groupBadges.vip)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: adminEn.table.exportCsv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('users.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('\uFEFFUsername,Email,Role,Admin,Groups,Location,Created,Last login,Disabled');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${member.username},${member.email},user,no,vip new,`));

  await page.goto('/admin/audit-logs?lang=en');
  const log = page.getByRole('table', { name: adminEn.screens.auditLogs });
  await choose(page, adminEn.auditLogs.action, adminEn.auditLogs.actions.add_to_group);
  await page.getByRole('textbox', { name: adminEn.auditLogs.startDate }).fill(localDate());
  await page.getByRole('textbox', { name: adminEn.auditLogs.endDate }).fill(localDate());
  await expect(log.getByRole('row').filter({ hasText: admin.username }).filter({ hasText: adminEn.auditLogs.actions.add_to_group }).first()).toBeVisible();
  await page.getByRole('textbox', { name: adminEn.auditLogs.startDate }).fill(localDate(1));
  await page.getByRole('textbox', { name: adminEn.auditLogs.endDate }).fill(localDate(1));
  await expect(page.getByText(adminEn.auditLogs.empty)).toBeVisible();
});

test('an admin renames the site and the public header, footer and page title follow', async ({ page, browser }) => {
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  await page.goto('/admin/settings?lang=en');
  const site = page.getByRole('region', { name: adminEn.settings.site.title });
  const name = `Studio ${Date.now().toString(36)}`;
  await site.getByRole('textbox', { name: adminEn.settings.site.siteName }).fill(name);
  await site.getByRole('textbox', { name: adminEn.settings.site.contactEmail }).fill('studio@pointe.test');
  await site.getByRole('button', { name: adminEn.common.save }).click();
  await expect(page.getByText(adminEn.settings.site.saved)).toBeVisible();

  const visitor = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await visitor.goto('/tips?lang=en');
  await expect(visitor.getByRole('banner').getByRole('heading', { name })).toBeVisible();
  await expect(visitor.getByRole('contentinfo').getByRole('link', { name: 'studio@pointe.test' })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(`${name}$`));
  await visitor.context().close();

  // Back to the built-in name for the other tests.
  await site.getByRole('textbox', { name: adminEn.settings.site.siteName }).fill('');
  await site.getByRole('textbox', { name: adminEn.settings.site.contactEmail }).fill('');
  await site.getByRole('button', { name: adminEn.common.save }).click();
  await expect(page.getByText(adminEn.settings.site.saved).first()).toBeVisible();
  // The admin's own header names the site too, and follows at once.
  await expect(page.getByRole('banner').getByRole('heading', { name: en.site.name, exact: true })).toBeVisible();
});
