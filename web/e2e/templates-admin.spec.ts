import { expect, test, type Page } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, adminHe, en, seriousViolations } from './fixtures';
import { waitForMail } from './mail';

// Sign-up (with its bot-check and e-mailed code) and a whole editing session take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const dialog = (page: Page) => page.getByRole('dialog');
const panel = (page: Page) => dialog(page).getByRole('tabpanel');
/** The preview's e-mail: a frame with no script, which axe cannot enter. */
const EMAIL_FRAME = 'iframe[sandbox]';

test('an editor writes a template in Hebrew and English, previews it, sends a test, duplicates and deletes it', async ({ page }) => {
  const account = await signUp(page, newAccount());
  setRole(account.username, 'editor');
  const name = `Spring ${Date.now().toString(36)}`;

  await page.goto('/admin/templates?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: adminEn.screens.templates })).toBeVisible();
  await page.getByRole('button', { name: adminEn.templates.add }).click();
  // The name's label also holds the required mark.
  await dialog(page).getByRole('textbox', { name: adminEn.templates.name }).fill(name);

  await dialog(page).getByRole('tab', { name: en.languages.he }).click();
  await panel(page).getByLabel(adminEn.templates.subject, { exact: true }).fill('חדש אצל ');
  await panel(page).getByRole('button', { name: adminEn.templates.insert.replace('{{variable}}', '{{brandName}}') }).click();
  await panel(page).getByLabel(adminEn.templates.body, { exact: true }).fill('## שלום {{username}}\n\nנעליים חדשות הגיעו.');
  // The Hebrew e-mail, as members get it, right to left, in a frame with no scripts.
  const hebrewMail = panel(page).frameLocator('iframe');
  await expect(hebrewMail.getByRole('heading', { name: `שלום ${account.username}` })).toBeVisible();
  await expect(hebrewMail.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(panel(page).locator('iframe')).toHaveAttribute('sandbox', '');
  await expect(dialog(page).getByRole('tab', { name: en.languages.he }).getByLabel(adminEn.form.filled)).toBeVisible();

  await dialog(page).getByRole('tab', { name: en.languages.en }).click();
  await panel(page).getByLabel(adminEn.templates.subject, { exact: true }).fill('New at {{brandName}}');
  await panel(page).getByLabel(adminEn.templates.body, { exact: true }).fill('Hello {{usrname}}');
  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(panel(page).getByText('Unknown variable: {{usrname}}').first()).toBeVisible();
  await panel(page).getByLabel(adminEn.templates.body, { exact: true }).fill('Hello **{{username}}**, see {{siteUrl}}.');
  await expect(panel(page).frameLocator('iframe').getByText(`Hello ${account.username}`, { exact: false })).toBeVisible();

  // Checked with the editor open and its preview shown (the e-mail's sandboxed frame left out).
  expect(await seriousViolations(page, EMAIL_FRAME)).toEqual([]);

  const testAddress = `test-${Date.now().toString(36)}@pointe.test`;
  await panel(page).getByLabel(adminEn.templates.testTo, { exact: true }).fill(testAddress);
  await panel(page).getByRole('button', { name: adminEn.templates.testSend }).click();
  await expect(panel(page).getByRole('status')).toHaveText(adminEn.templates.testSent.replace('{{to}}', testAddress));
  const sent = await waitForMail(testAddress);
  expect(sent).toContain(`Hello **${account.username}**`);

  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog(page)).toHaveCount(0);
  const table = page.getByRole('table', { name: adminEn.screens.templates });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('he, en');

  await row.getByRole('button', { name: adminEn.templates.duplicateItem.replace('{{name}}', name) }).click();
  const copy = adminEn.templates.copyOf.replace('{{name}}', name);
  await expect(table.getByRole('row').filter({ hasText: copy })).toContainText('he, en');

  await table.getByRole('row').filter({ hasText: copy }).getByRole('button', { name: adminEn.common.deleteItem.replace('{{name}}', copy) }).click();
  await dialog(page).getByRole('button', { name: adminEn.common.delete }).click();
  await expect(table.getByRole('row').filter({ hasText: copy })).toHaveCount(0);
  await expect(row).toHaveCount(1);
});

test('the template editor in Hebrew runs right to left and has no serious accessibility violations', async ({ page }) => {
  const account = await signUp(page, newAccount());
  setRole(account.username, 'admin');
  await page.goto('/admin/templates?lang=he');
  await page.getByRole('button', { name: adminHe.templates.add }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await panel(page).getByLabel(adminHe.templates.subject, { exact: true }).fill('שלום');
  await panel(page).getByLabel(adminHe.templates.body, { exact: true }).fill('שלום {{username}}');
  await expect(panel(page).frameLocator('iframe').getByText(`שלום ${account.username}`)).toBeVisible();
  expect(await seriousViolations(page, EMAIL_FRAME)).toEqual([]);
});
