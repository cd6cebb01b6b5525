import { expect, test, type Page } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { adminEn, en, he, seriousViolations } from './fixtures';
import { WELCOME_SUBJECT, waitForWelcome } from './mail';

// Two sign-ups (bot-check and e-mailed code each) and an editing session.
test.describe.configure({ timeout: 120_000 });

const dialog = (page: Page) => page.getByRole('dialog');
const newsletterSwitch = (page: Page) => page.getByRole('switch', { name: en.account.newsletter.label });

/** Switches the welcome template off again (other specs' sign-ups must not get it), by deleting it. */
async function removeTemplate(page: Page, name: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const templates = (await (await page.request.get('/api/admin/email/templates', { headers })).json()) as { id: string; name: string }[];
  for (const template of templates.filter((t) => t.name === name)) await page.request.delete(`/api/admin/email/templates/${template.id}`, { headers });
}

test('a member who opted in gets the welcome mail, and its link unsubscribes in one click, in their language', async ({ page, browser }) => {
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  const name = `Welcome ${Date.now().toString(36)}`;

  // The welcome template, switched on for new members in the editor.
  await page.goto('/admin/templates?lang=en');
  await page.getByRole('button', { name: adminEn.templates.add }).click();
  await dialog(page).getByRole('textbox', { name: adminEn.templates.name }).fill(name);
  await dialog(page).getByRole('combobox', { name: adminEn.templates.category, exact: true }).click();
  await page.getByRole('option', { name: adminEn.templates.categories.welcome }).click();
  await dialog(page).getByRole('switch', { name: adminEn.templates.sendsWelcome }).check();
  await dialog(page).getByRole('tab', { name: en.languages.en }).click();
  const panel = dialog(page).getByRole('tabpanel');
  await panel.getByLabel(adminEn.templates.subject, { exact: true }).fill(`${WELCOME_SUBJECT}, {{username}}`);
  await panel.getByLabel(adminEn.templates.body, { exact: true }).fill('Hello **{{username}}**. Leave the list at any time: {{unsubscribeUrl}}');
  await dialog(page).getByRole('button', { name: adminEn.common.save }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(adminEn.templates.sentToNewMembers);

  const member = await (await browser.newContext({ locale: 'de-DE' })).newPage();
  try {
    const account = await signUp(member, newAccount(), { newsletter: true });
    await member.goto('/account?lang=en');
    await expect(newsletterSwitch(member)).toBeChecked();

    const mail = await waitForWelcome(account.email);
    expect(mail).toContain(`Hello **${account.username}**`);
    const link = new URL(/https?:\/\/\S+\/api\/email\/unsubscribe\?token=[\w.-]+/.exec(mail)![0]);

    // The link opens the page in the member's language (English, as at sign-up), naming the address.
    await member.goto(link.pathname + link.search);
    await expect(member).toHaveURL(/\/unsubscribe\?token=.+&lang=en$/);
    await expect(member.getByRole('heading', { level: 1, name: en.pages.unsubscribe })).toBeVisible();
    await expect(member.getByText(/^Unsubscribe .+•••.+@pointe\.test from/)).toBeVisible();
    expect(await seriousViolations(member)).toEqual([]);
    await member.getByRole('button', { name: en.unsubscribe.confirm }).click();
    await expect(member.getByText(/is unsubscribed\./)).toBeVisible();
    expect(await seriousViolations(member)).toEqual([]);

    // In Hebrew, right to left; the address has left already.
    await member.goto(`/unsubscribe${link.search}&lang=he`);
    await expect(member.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(member.getByRole('heading', { level: 1, name: he.pages.unsubscribe })).toBeVisible();
    await expect(member.getByRole('link', { name: he.unsubscribe.accountLink })).toBeVisible();
    expect(await seriousViolations(member)).toEqual([]);
    await member.goto('/unsubscribe?lang=he');
    await expect(member.getByRole('alert')).toHaveText(he.messages.unsubscribeLinkInvalid);
    expect(await seriousViolations(member)).toEqual([]);

    await member.goto('/account?lang=en');
    await expect(newsletterSwitch(member)).not.toBeChecked();
  } finally {
    await removeTemplate(page, name);
    await member.context().close();
  }
});
