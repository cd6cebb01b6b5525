import { expect, test, type Page } from '@playwright/test';

import { E2E_TOKEN_TTL_SECONDS } from '../playwright.config';
import { signUp } from './accounts';
import { en } from './fixtures';

// The server issues tokens for E2E_TOKEN_TTL_SECONDS (400 s); the browser's clock is driven by the test:
// checks run every 60 s and the warning opens in the last 300 s.
const WARNING_AFTER_MS = 120_000;

const warning = (page: Page) => page.getByRole('dialog', { name: en.session.warningTitle });
const secondsShown = async (page: Page) => Number(/(\d+)/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1]);
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const refreshed = (page: Page) => page.waitForResponse((answer) => answer.url().endsWith('/api/auth/refresh') && answer.ok());

test('the expiry warning counts down; stay logged in, activity and log out', async ({ page }) => {
  await page.clock.install();
  await signUp(page);
  expect(E2E_TOKEN_TTL_SECONDS).toBeGreaterThan(300);

  await page.clock.runFor(WARNING_AFTER_MS);
  await expect(warning(page)).toBeVisible();
  const before = await secondsShown(page);
  expect(before).toBeLessThanOrEqual(300);
  // The clock also runs on its own, so the countdown has moved on by at least the 2 s run here.
  await page.clock.runFor(2_000);
  await expect.poll(() => secondsShown(page)).toBeLessThanOrEqual(before - 2);
  expect(await secondsShown(page)).toBeGreaterThan(before - 30);

  const stayed = refreshed(page);
  await warning(page).getByRole('button', { name: en.session.stayLoggedIn }).click();
  await stayed;
  await expect(warning(page)).toBeHidden();

  // Any activity during the warning extends the session too.
  await page.clock.runFor(WARNING_AFTER_MS);
  await expect(warning(page)).toBeVisible();
  const extended = refreshed(page);
  await page.keyboard.press('Shift');
  await extended;
  await expect(warning(page)).toBeHidden();

  await page.clock.runFor(WARNING_AFTER_MS);
  await warning(page).getByRole('button', { name: en.session.logOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(warning(page)).toBeHidden();
  expect(await storedToken(page)).toBeNull();
});

test('at the end of the countdown the user is logged out and sent to the login page', async ({ page }) => {
  await page.clock.install();
  await signUp(page);
  await page.clock.runFor(WARNING_AFTER_MS);
  await expect(warning(page)).toBeVisible();
  await page.clock.runFor(E2E_TOKEN_TTL_SECONDS * 1000);
  await expect(page).toHaveURL(/\/login\?reason=session_expired$/);
  await expect(page.getByText(en.auth.sessionExpired)).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await page.goto('/tips');
  await expect(page.getByText(en.tips.loginToSee)).toBeVisible();
});
