import { readFileSync } from 'node:fs';

import { expect, test, type Page } from '@playwright/test';

import { newAccount, openFresh, setRole, signUp } from './accounts';
import { startDovecot, type Dovecot } from './dovecot';
import { adminEn, adminHe, seriousViolations } from './fixtures';

// A sign-up (bot-check and e-mailed code), then each step reads the mailbox over POP3.
test.describe.configure({ timeout: 180_000 });

/**
 * The prepared messages the server's mailbox tests use too (server/tests/mail/): one a sender signed, with the
 * receiving server's results all passing and HTML with what the server removes; a bulk one whose DMARC
 * failed; a person's, with no results reported.
 */
const prepared = (name: string) => readFileSync(new URL(`../../server/tests/mail/${name}.eml`, import.meta.url), 'utf8');
const SIGNED = prepared('signed');
const BULK = prepared('bulk');
const PERSONAL = prepared('personal');

const SUBJECTS = { signed: 'Class times', bulk: '20% off pointe shoes', personal: 'A question about sizes' };
/** The opened message's frame: sandboxed, it runs no script, so axe cannot look inside it. */
const MESSAGE_FRAME = 'iframe[sandbox]';

let mailbox: Dovecot | undefined;

test.beforeAll(async () => {
  mailbox = await startDovecot([SIGNED, BULK, PERSONAL]);
});

test.afterAll(async () => {
  await mailbox?.stop();
});



/** The inbox once its table has `count` messages and nothing is loading any more. */
async function inboxLoaded(page: Page, title: string, count: number) {
  const table = page.getByRole('region', { name: title, exact: true }).getByRole('table', { name: title, exact: true });
  // The header row and one row a message.
  await expect(table.getByRole('row')).toHaveCount(count + 1, { timeout: 20_000 });
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
  return table;
}

test('an admin connects the POP3 mailbox, reads its checked and classified messages, opens one and deletes another', async ({ page }) => {
  const dovecot = mailbox!;
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  const texts = adminEn.mailbox;

  await openFresh(page, '/admin/email/pop3?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: adminEn.screens.pop3 })).toBeVisible();
  const settings = page.getByRole('region', { name: texts.settings.title, exact: true });
  await expect(settings.getByRole('button', { name: adminEn.common.save })).toBeVisible();

  // Plain POP3 to the test's Dovecot: the encryption first, as it moves a port left at its usual one.
  await settings.getByRole('combobox', { name: texts.settings.security }).click();
  await page.getByRole('listbox', { name: texts.settings.security }).getByRole('option', { name: texts.settings.securities.none, exact: true }).click();
  await settings.getByRole('textbox', { name: texts.settings.host }).fill('127.0.0.1');
  await settings.getByRole('textbox', { name: texts.settings.port }).fill(String(dovecot.port));
  await settings.getByRole('textbox', { name: texts.settings.username }).fill(dovecot.username);
  await settings.locator('input[name="password"]').fill(dovecot.password);

  await settings.getByRole('button', { name: texts.settings.test }).click();
  await expect(settings.getByRole('status')).toHaveText(texts.settings.connected_other.replace('{{count}}', '3'), { timeout: 20_000 });

  await settings.getByRole('button', { name: adminEn.common.save }).click();
  await expect(page.getByText(texts.settings.saved)).toBeVisible();
  // Saved, the password is only its mask.
  await expect(settings.locator('input[name="password"]')).toHaveValue('********');

  // The inbox, newest first: each message's checks and classification.
  const inbox = await inboxLoaded(page, texts.inbox.title, 3);
  const row = (subject: string) => inbox.getByRole('row').filter({ hasText: subject });
  await expect(inbox.getByRole('row').nth(1)).toContainText(SUBJECTS.personal);
  const check = (name: 'spf' | 'dkim' | 'dmarc', result: keyof typeof texts.verification.results) =>
    texts.verification.check.replace('{{check}}', texts.verification.checks[name]).replace('{{result}}', texts.verification.results[result]);
  for (const badge of [check('spf', 'pass'), check('dkim', 'pass'), check('dmarc', 'pass'), texts.verification.signed, texts.classification.kinds.other]) {
    await expect(row(SUBJECTS.signed).getByText(badge, { exact: true })).toBeVisible();
  }
  for (const badge of [check('spf', 'softfail'), check('dkim', 'none'), check('dmarc', 'fail'), texts.classification.kinds.marketing, texts.classification.reasons.precedenceBulk]) {
    await expect(row(SUBJECTS.bulk).getByText(badge, { exact: true })).toBeVisible();
  }
  await expect(row(SUBJECTS.personal).getByText(check('spf', 'unreported'), { exact: true })).toBeVisible();
  await expect(row(SUBJECTS.personal)).toContainText('Anna <anna@example.org>');
  expect(await seriousViolations(page)).toEqual([]);

  // The signed message opened: its sanitised HTML in a sandboxed frame, the tracker image blocked.
  await inbox.getByRole('button', { name: SUBJECTS.signed, exact: true }).click();
  const message = page.getByRole('dialog', { name: SUBJECTS.signed });
  const frame = message.locator(MESSAGE_FRAME);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('title', texts.bodyFrame.replace('{{subject}}', SUBJECTS.signed));
  await expect(message.frameLocator(MESSAGE_FRAME).getByText('New class times')).toBeVisible();
  await expect(message.frameLocator(MESSAGE_FRAME).locator('script, img[src^="https:"]')).toHaveCount(0);
  await expect(message).toContainText(texts.blockedImages_one.replace('{{count}}', '1'));
  await expect(message).toContainText('mailbox@pointe.test');
  expect(await seriousViolations(page, MESSAGE_FRAME)).toEqual([]);
  await message.getByRole('button', { name: adminEn.common.close }).click();
  await expect(message).toHaveCount(0);

  // The personal message deleted once confirmed: two are left.
  await row(SUBJECTS.personal).getByRole('button', { name: adminEn.common.deleteItem.replace('{{name}}', SUBJECTS.personal) }).click();
  const confirm = page.getByRole('dialog', { name: texts.deleteTitle });
  await expect(confirm).toContainText(SUBJECTS.personal);
  await confirm.getByRole('button', { name: adminEn.common.delete, exact: true }).click();
  await expect(page.getByText(texts.deleted.replace('{{subject}}', SUBJECTS.personal))).toBeVisible();
  await inboxLoaded(page, texts.inbox.title, 2);
  await expect(row(SUBJECTS.personal)).toHaveCount(0);
  await expect(page.getByRole('region', { name: texts.inbox.title, exact: true })).toContainText(adminEn.table.showing.replace('{{from}}', '1').replace('{{to}}', '2').replace('{{total}}', '2'));
  expect(await seriousViolations(page)).toEqual([]);

  // Hebrew, right to left, once the inbox is in.
  await openFresh(page, '/admin/email/pop3?lang=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: adminHe.screens.pop3 })).toBeVisible();
  const hebrewInbox = await inboxLoaded(page, adminHe.mailbox.inbox.title, 2);
  await expect(hebrewInbox.getByRole('row').filter({ hasText: SUBJECTS.bulk })).toContainText(adminHe.mailbox.classification.kinds.marketing);
  await expect(page.getByRole('region', { name: adminHe.mailbox.settings.title, exact: true }).getByRole('textbox', { name: adminHe.mailbox.settings.host })).toHaveValue('127.0.0.1');
  expect(await seriousViolations(page)).toEqual([]);
});
