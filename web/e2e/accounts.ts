import { execFileSync } from 'node:child_process';

import { expect, type Page } from '@playwright/test';

import { en } from './fixtures';
import { waitForCode } from './mail';

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** A form's text or password field by its label (the label's required mark is not part of its name). */
export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** A new account's details, unique to this test run. */
export function newAccount(): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { username: `dancer${id}`, email: `dancer${id}@pointe.test`, password: 'Grand-jete 2026!' };
}

/** Waits until the form's bot-check has solved its proof-of-work challenge. */
export async function botCheckPassed(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: en.botCheck.done })).toBeVisible({ timeout: 30_000 });
}

export async function enterCode(page: Page, code: string) {
  await field(page, en.auth.code).fill(code);
  await page.getByRole('button', { name: en.auth.verify }).click();
}

/**
 * Makes the browser context look like a visitor of its own (the server trusts `X-Forwarded-For` in the
 * tests), so the per-address sign-up and login limits count each test's visitor apart, as they would
 * real visitors; the limits themselves are tested in the server suite.
 */
export async function asOwnVisitor(page: Page) {
  const part = () => 1 + Math.floor(Math.random() * 254);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${part()}.${part()}.${part()}` });
}

/**
 * Signs up through the form (in English) and enters the e-mailed code: the account is then signed in.
 * `newsletter` ticks the consent box.
 */
export async function signUp(page: Page, account: Account = newAccount(), { newsletter = false } = {}): Promise<Account> {
  await asOwnVisitor(page);
  await page.goto('/signup?lang=en');
  await field(page, en.auth.username).fill(account.username);
  await field(page, en.auth.email).fill(account.email);
  await field(page, en.auth.password).fill(account.password);
  await field(page, en.auth.confirmPassword).fill(account.password);
  await page.locator('input[name="acceptTerms"]').check();
  if (newsletter) await page.getByRole('checkbox', { name: en.auth.newsletterOptIn }).check();
  await botCheckPassed(page);
  await page.getByRole('button', { name: en.auth.createAccount }).click();
  await expect(page.getByText(en.messages.checkEmail)).toBeVisible();
  await enterCode(page, await waitForCode(account.email));
  await expect(welcome(page, account)).toBeVisible();
  return account;
}

/** Logs in through the form; `mailCount` is how many messages the account has had once the code is sent. */
export async function logIn(page: Page, account: Account, mailCount: number) {
  await fillLogin(page, account);
  await expect(page.getByText(en.messages.codeSent)).toBeVisible();
  await enterCode(page, await waitForCode(account.email, mailCount));
  await expect(welcome(page, account)).toBeVisible();
}

export async function fillLogin(page: Page, account: Pick<Account, 'username' | 'password'>) {
  if (!page.url().includes('/login')) await page.goto('/login?lang=en');
  await field(page, en.auth.usernameOrEmail).fill(account.username);
  await field(page, en.auth.password).fill(account.password);
  await botCheckPassed(page);
  await page.getByRole('button', { name: en.auth.logIn }).click();
}

export const welcome = (page: Page, account: Pick<Account, 'username'>) =>
  page.getByText(en.nav.welcome.replace('{{username}}', account.username)).first();

/** The header's log-out button (the bar's copy; the mobile menu has another). */
export const logOutButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: en.nav.logout });

/** Gives an account a role with the server's `set-role` command, on the test server's database. */
export function setRole(username: string, role: 'user' | 'moderator' | 'editor' | 'admin') {
  execFileSync(process.env.E2E_SERVER ?? '../target/release/pointe-server', ['set-role', '--username', username, '--role', role], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'sqlite://../data/e2e.db', RUST_LOG: 'warn' },
    stdio: 'pipe',
  });
}

/** The signed-in page's token as an Authorization header, for API calls beside the page. */
export const bearer = async (page: Page) => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` });

/**
 * Opens `path` with a newly refreshed token. The e2e server's tokens live 400 s and warn in their last
 * 300 s: a long scenario would otherwise meet the expiry warning's dialog over the page.
 */
export async function openFresh(page: Page, path: string) {
  const answer = await page.request.post('/api/auth/refresh', { headers: await bearer(page) });
  expect(answer.ok()).toBe(true);
  const { token } = (await answer.json()) as { token: string };
  await page.evaluate((fresh) => localStorage.setItem('token', fresh), token);
  await page.goto(path);
}

/** Opens an admin screen (`path` under /admin) with a newly refreshed token, and waits until its data shows rather than its loading state. */
export async function openAdminScreen(page: Page, path: string) {
  await openFresh(page, path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
}
