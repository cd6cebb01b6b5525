import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { expect, test, type Page } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';
import { enterCode, fillLogin, openAdminScreen, welcome } from '../e2e/accounts';
import { ADMIN_PATHS } from '../e2e/adminPaths';
import { he } from '../e2e/fixtures';
import { waitForCode } from '../e2e/mail';

const FOLDER = fileURLToPath(new URL('../../docs/admin/', import.meta.url));
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The file of a screen's picture: "en-dashboard.jpg", "he-390-products.jpg", "en-email-pop3.jpg". */
const fileName = (language: string, path: string, width?: number) =>
  `${[language, width, path === '' ? 'dashboard' : path.replace('/', '-')].filter(Boolean).join('-')}.jpg`;

/** Opens `path` under /admin in `language` at `size` and keeps what shows in the window. */
async function shoot(page: Page, language: 'en' | 'he', path: string, size: typeof LAPTOP, name = fileName(language, path, size === PHONE ? size.width : undefined)) {
  await page.setViewportSize(size);
  await openAdminScreen(page, `/admin/${path}?lang=${language}`);
  await page.screenshot({ path: `${FOLDER}${name}`, type: 'jpeg', quality: 70 });
}

test('every admin screen, and two in Hebrew and on a phone', async ({ page }) => {
  rmSync(FOLDER, { recursive: true, force: true });
  mkdirSync(FOLDER, { recursive: true });

  await fillLogin(page, E2E_ADMIN);
  await enterCode(page, await waitForCode(E2E_ADMIN.email));
  await expect(welcome(page, E2E_ADMIN)).toBeVisible();

  for (const path of ADMIN_PATHS) await shoot(page, 'en', path, LAPTOP);
  await shoot(page, 'he', '', LAPTOP);
  await shoot(page, 'he', 'products', LAPTOP);
  for (const language of ['en', 'he'] as const) {
    await shoot(page, language, '', PHONE);
    await shoot(page, language, 'products', PHONE);
  }

  // The phone's navigation, open, in Hebrew (the products screen is the last one open).
  await page.getByRole('button', { name: he.nav.openMenu }).click();
  await expect(page.getByRole('navigation').getByRole('combobox', { name: he.nav.language })).toBeVisible();
  await page.screenshot({ path: `${FOLDER}he-390-navigation.jpg`, type: 'jpeg', quality: 70 });
});
