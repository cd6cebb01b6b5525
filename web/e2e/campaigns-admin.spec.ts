import { expect, test, type Page } from '@playwright/test';

import { bearer, newAccount, openFresh, setRole, signUp, type Account } from './accounts';
import { adminEn, adminHe, en, seriousViolations } from './fixtures';
import { waitForMail } from './mail';

// A sign-up (bot-check and e-mailed code), a whole campaign from draft to sent, and the checks in two languages.
test.describe.configure({ timeout: 240_000 });

const dialog = (page: Page) => page.getByRole('dialog');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const draftForm = (page: Page, name = adminEn.campaigns.draftForm) => page.getByRole('form', { name });
const progressBar = (page: Page, name = adminEn.campaigns.progress.label) => page.getByRole('progressbar', { name });

/** Tomorrow on the browser's calendar (YYYY-MM-DD). */
const tomorrow = () => {
  const day = new Date(Date.now() + 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};


/**
 * The campaign's audience: the editor alone (the VIP group, which the e2e specs otherwise leave to the
 * people-admin spec's member), so that its mail does not land among other specs' counted messages. Made
 * VIP by an admin, then an editor again.
 */
async function makeVip(page: Page, account: Account) {
  setRole(account.username, 'admin');
  const headers = await bearer(page);
  const list = await page.request.get(`/api/users/list?search=${account.username}`, { headers });
  const { users } = (await list.json()) as { users: { id: string; username: string }[] };
  const me = users.find((user) => user.username === account.username);
  const added = await page.request.post('/api/users/groups/vip/members', { headers, data: { userIds: [me!.id] } });
  expect(added.ok()).toBe(true);
  setRole(account.username, 'editor');
}

/** An announcement (sent without newsletter consent) in Hebrew and English, with a link to track. */
async function createTemplate(page: Page, name: string) {
  const translations = {
    he: { subject: 'ערב גאלה ב{{siteName}}', body: 'שלום **{{username}}**, [לחנות]({{siteUrl}}/products).' },
    en: { subject: 'Gala night at {{siteName}}', body: 'Hello **{{username}}**, [see the shop]({{siteUrl}}/products).' },
  };
  const answer = await page.request.post('/api/admin/email/templates', { headers: await bearer(page), data: { name, category: 'announcement', translations, sendsWelcome: false } });
  expect(answer.status()).toBe(201);
}

/** Chooses `option` in the Mantine select labelled `label`, typing it first when the list is long. */
async function choose(page: Page, label: string, option: string, typed?: string) {
  const select = page.getByRole('combobox', { name: label });
  if (typed) {
    await select.fill(typed);
  } else {
    await select.click();
  }
  // In its own list: the site's language switcher has options of the same names.
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

test('an editor writes a campaign, schedules and unschedules it, tests it, sends it and sees how it did', async ({ page }) => {
  const account = await signUp(page, newAccount());
  await makeVip(page, account);
  const suffix = Date.now().toString(36);
  const templateName = `Gala ${suffix}`;
  await createTemplate(page, templateName);
  const name = `Gala night ${suffix}`;

  // A new draft for the VIP customers in Hebrew and English.
  await openFresh(page, '/admin/email?lang=en');
  await expect(heading(page, adminEn.screens.email)).toBeVisible();
  await page.getByRole('link', { name: adminEn.campaigns.add }).click();
  await expect(heading(page, adminEn.campaigns.add)).toBeVisible();
  await draftForm(page).getByRole('textbox', { name: adminEn.campaigns.name }).fill(name);
  await choose(page, adminEn.campaigns.template, `${templateName} (${adminEn.templates.categories.announcement})`);
  const languages = page.getByRole('group', { name: adminEn.campaigns.languages });
  await languages.getByRole('checkbox', { name: en.languages.he }).check();
  await languages.getByRole('checkbox', { name: en.languages.en }).check();
  await expect(page.getByRole('textbox', { name: `${adminEn.campaigns.subjectIn.replace('{{language}}', en.languages.en)}` })).toHaveValue('Gala night at {{siteName}}');
  await page.getByRole('group', { name: adminEn.campaigns.groups }).getByRole('checkbox', { name: adminEn.users.groupFilters.vip }).check();
  const audience = page.getByText(/^This campaign would reach \d+ members? now\.$/);
  await expect(audience).toBeVisible();
  expect(Number(/(\d+)/.exec((await audience.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: adminEn.campaigns.saveDraft }).click();
  await expect(heading(page, name)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/email\/[\w-]+$/);
  const campaignPath = new URL(page.url()).pathname;
  // Checked with the saved draft's editor and its count shown.
  await expect(audience).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Scheduled for tomorrow at 09:00 in Jerusalem, then back to a draft.
  const schedule = page.getByRole('form', { name: adminEn.campaigns.scheduleTitle });
  await schedule.locator('input[type="date"]').fill(tomorrow());
  await schedule.locator('input[type="time"]').fill('09:00');
  await choose(page, adminEn.campaigns.timezone, 'Asia/Jerusalem', 'Jerusalem');
  await schedule.getByRole('button', { name: adminEn.campaigns.schedule }).click();
  const details = page.getByRole('table', { name: adminEn.campaigns.details });
  await expect(details.getByRole('row').filter({ hasText: adminEn.campaigns.scheduledFor })).toContainText(/9:00.*\(Asia\/Jerusalem\)/);
  await expect(page.getByText(adminEn.campaigns.statuses.scheduled, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: adminEn.campaigns.unschedule }).click();
  await dialog(page).getByRole('button', { name: adminEn.campaigns.unschedule }).click();
  await expect(draftForm(page)).toBeVisible();
  await expect(page.getByText(adminEn.campaigns.statuses.draft, { exact: true })).toBeVisible();

  // A test in English to another address.
  await openFresh(page, `${campaignPath}?lang=en`);
  const testAddress = `campaign-test-${suffix}@pointe.test`;
  await choose(page, adminEn.campaigns.testLanguage, en.languages.en);
  const testGroup = page.getByRole('group', { name: adminEn.templates.testTitle });
  await testGroup.getByRole('textbox', { name: adminEn.templates.testTo }).fill(testAddress);
  await testGroup.getByRole('button', { name: adminEn.templates.testSend }).click();
  await expect(testGroup.getByRole('status')).toHaveText(adminEn.templates.testSent.replace('{{to}}', testAddress));
  expect(await waitForMail(testAddress)).toContain(`Hello **${account.username}**`);

  // Sent now, once confirmed: the bar fills and the campaign is sent.
  await page.getByRole('button', { name: adminEn.campaigns.sendNow }).click();
  await expect(dialog(page)).toContainText(/It goes to \d+ members? at once/);
  await dialog(page).getByRole('button', { name: adminEn.campaigns.sendNow }).click();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByText(adminEn.campaigns.statuses.sent, { exact: true })).toBeVisible({ timeout: 30_000 });

  // The member (the editor) gets it in their language; following its link counts an open and a click.
  expect(await waitForMail(account.email, 2)).toMatch(new RegExp(`(Hello|שלום) \\*\\*${account.username}\\*\\*`));
  // Every web link goes through the site (the layout's own links too): each leads on to its target.
  const html = await waitForMail(account.email, 2, 'html');
  const clicks = [...html.matchAll(/href="([^"]+\/api\/email\/click\?token=[^"]+)"/g)].map((found) => found[1]!.replaceAll('&amp;', '&'));
  expect(clicks.length).toBeGreaterThan(0);
  const targets: string[] = [];
  for (const click of clicks) {
    const followed = await page.request.get(click, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    targets.push(followed.headers().location ?? '');
  }
  expect(targets.some((target) => target.endsWith('/products'))).toBe(true);

  await openFresh(page, `${campaignPath}?lang=en`);
  // Its figures: the e-mails sent, and opened and clicked by the member.
  await expect(page.getByRole('group', { name: adminEn.campaigns.emailsSent })).toContainText(/[1-9]/);
  await expect(page.getByRole('group', { name: adminEn.campaigns.openRate })).toContainText(/[1-9]\d*%/);
  await expect(page.getByRole('group', { name: adminEn.campaigns.clickRate })).toContainText(/[1-9]\d*%/);
  await expect(page.getByRole('table', { name: adminEn.campaigns.report.links }).getByRole('row').filter({ hasText: '/products' }).getByRole('cell').last()).toHaveText('1');
  await expect(page.getByRole('table', { name: adminEn.campaigns.report.overTime })).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  await openFresh(page, '/admin/email?lang=en');
  const row = page.getByRole('table', { name: adminEn.screens.email }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(adminEn.campaigns.statuses.sent);
  expect(await seriousViolations(page)).toEqual([]);

  // Hebrew, right to left: the list, the sent campaign's page and a new campaign's form, once their data is in.
  await openFresh(page, '/admin/email?lang=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('table', { name: adminHe.screens.email }).getByRole('row').filter({ hasText: name })).toContainText(adminHe.campaigns.statuses.sent);
  expect(await seriousViolations(page)).toEqual([]);

  await openFresh(page, `${campaignPath}?lang=he`);
  await expect(progressBar(page, adminHe.campaigns.progress.label)).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('table', { name: adminHe.campaigns.report.links })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await openFresh(page, '/admin/email/new?lang=he');
  await choose(page, adminHe.campaigns.template, `${templateName} (${adminHe.templates.categories.announcement})`);
  await page.getByRole('group', { name: adminHe.campaigns.languages }).getByRole('checkbox', { name: en.languages.he }).check();
  await page.getByRole('group', { name: adminHe.campaigns.languages }).getByRole('checkbox', { name: en.languages.en }).check();
  await page.getByRole('group', { name: adminHe.campaigns.groups }).getByRole('checkbox', { name: adminHe.users.groupFilters.vip }).check();
  await expect(page.getByText(/^כרגע הקמפיין יגיע אל \d+ משתמש(ים)?\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
