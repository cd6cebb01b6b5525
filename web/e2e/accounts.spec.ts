import { expect, test } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';
import { botCheckPassed, enterCode, field, fillLogin, logIn, logOutButton, signUp, welcome } from './accounts';
import { adminEn, en, he } from './fixtures';
import { waitForCode, waitForMail } from './mail';

// Each flow waits for e-mail, proofs of work and password hashing; the resend test also waits out a 30 s countdown.
test.describe.configure({ timeout: 90_000 });

test('sign-up with the e-mailed code signs in; tips are for members only; logout returns home', async ({ page }) => {
  await page.goto('/tips?lang=en');
  await expect(page.getByText(en.tips.loginToSee)).toBeVisible();

  const account = await signUp(page);
  const nav = page.getByRole('navigation', { name: en.nav.label }).first();
  await expect(nav.getByRole('link', { name: en.nav.tips })).toBeVisible();
  await expect(nav.getByRole('link', { name: en.nav.login })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: en.nav.signup })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: en.nav.admin })).toHaveCount(0);

  await nav.getByRole('link', { name: en.nav.tips }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6);
  await page.reload();
  await expect(welcome(page, account)).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6);

  await logOutButton(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: en.nav.login })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/tips');
  await expect(page.getByText(en.tips.loginToSee)).toBeVisible();
});

test('login asks for the e-mailed code; resend works after its countdown and only the newest code counts', async ({ page }) => {
  const account = await signUp(page);
  await logOutButton(page).click();

  await fillLogin(page, { username: account.username, password: 'Wrong-password 1' });
  await expect(page.getByRole('alert')).toHaveText(en.messages.invalidCredentials);

  await field(page, en.auth.password).fill(account.password);
  await botCheckPassed(page);
  await page.getByRole('button', { name: en.auth.logIn }).click();
  const firstCode = await waitForCode(account.email, 2);
  const resend = page.getByRole('button', { name: /Resend code/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Resend code in \d+ s/);

  await enterCode(page, '12345');
  await expect(page.getByRole('alert')).toHaveText(en.messages.codeFormat);

  await expect(resend).toBeEnabled({ timeout: 40_000 });
  await resend.click();
  await expect(page.getByText(en.auth.codeResent)).toBeVisible();
  await expect(resend).toBeDisabled();
  const newCode = await waitForCode(account.email, 3);
  if (newCode !== firstCode) {
    await enterCode(page, firstCode);
    await expect(page.getByRole('alert')).toHaveText(en.messages.codeFailed);
  }
  await enterCode(page, newCode);
  await expect(welcome(page, account)).toBeVisible();
});

test('the admin area: signed out to login and back, non-admins to home, admins in, between it and the site, and out home', async ({ page }) => {
  await page.goto('/admin?lang=en');
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  await enterCode(page, await waitForCode(E2E_ADMIN.email));
  await expect(page).toHaveURL(/\/admin(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: adminEn.screens.dashboard })).toBeVisible();
  await expect(page.getByRole('navigation', { name: adminEn.navigation }).getByRole('link')).toHaveCount(16);
  await expect(page.getByText(adminEn.counts.activeSessions)).toBeVisible();

  // The admin's header leads back to the site, whose navigation leads to the admin again.
  await page.getByRole('banner').getByRole('link', { name: adminEn.shell.backToSite }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: en.nav.label }).first().getByRole('link', { name: en.nav.admin }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminEn.screens.dashboard })).toBeVisible();

  // Logging out in the admin's header returns home, as in the site's.
  await logOutButton(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: en.nav.label }).first().getByRole('link', { name: en.nav.login })).toBeVisible();
  await signUp(page);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up checks each field in the interface language before sending anything', async ({ page }) => {
  let sent = false;
  await page.route('**/api/auth/signup', (route) => {
    sent = true;
    return route.continue();
  });
  await page.goto('/signup?lang=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await field(page, he.auth.username).fill('1dancer');
  await field(page, he.auth.email).fill('not-an-address');
  await field(page, he.auth.password).fill('short');
  await field(page, he.auth.confirmPassword).fill('different');
  await page.getByRole('button', { name: he.auth.createAccount }).click();
  for (const key of ['usernameLetter', 'invalidEmail', 'passwordShort', 'passwordsDiffer', 'termsRequired'] as const) {
    await expect(page.getByText(he.messages[key])).toBeVisible();
  }
  await expect(field(page, he.auth.username)).toBeFocused();
  expect(sent).toBe(false);
});

test('password reset by e-mailed link; the link works once; the new password logs in with the code step', async ({ page }) => {
  const account = await signUp(page);
  await logOutButton(page).click();

  await page.goto('/request-password-reset?lang=en');
  await field(page, en.auth.email).fill(`nobody-${account.email}`);
  await botCheckPassed(page);
  await page.getByRole('button', { name: en.auth.sendResetLink }).click();
  await expect(page.getByText(en.messages.resetRequested)).toBeVisible();

  await page.goto('/request-password-reset?lang=en');
  await field(page, en.auth.email).fill(account.email);
  await botCheckPassed(page);
  await page.getByRole('button', { name: en.auth.sendResetLink }).click();
  await expect(page.getByText(en.messages.resetRequested)).toBeVisible();
  const mail = await waitForMail(account.email, 2);
  const link = /(http\S+\/reset-password#token=[\w-]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = 'Pas-de-deux 2027!';
  await field(page, en.auth.newPassword).fill(newPassword);
  await field(page, en.auth.confirmPassword).fill('Pas-de-deux 2028!');
  await page.getByRole('button', { name: en.auth.setPassword }).click();
  await expect(page.getByText(en.messages.passwordsDiffer)).toBeVisible();
  await field(page, en.auth.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: en.auth.setPassword }).click();
  await expect(page.getByText(en.messages.passwordChanged)).toBeVisible();
  expect(await waitForMail(account.email, 3)).toContain('password for your Pointe account has just been changed');

  // The link again, opened afresh as from the e-mail.
  await page.goto('about:blank');
  await page.goto(link!);
  await field(page, en.auth.newPassword).fill('Another-one 2029!');
  await field(page, en.auth.confirmPassword).fill('Another-one 2029!');
  await page.getByRole('button', { name: en.auth.setPassword }).click();
  await expect(page.getByText(en.messages.invalidResetLink)).toBeVisible();
  await page.getByRole('link', { name: en.auth.requestNewLink }).click();
  await expect(page).toHaveURL(/\/request-password-reset$/);

  await logIn(page, { ...account, password: newPassword }, 4);
});
