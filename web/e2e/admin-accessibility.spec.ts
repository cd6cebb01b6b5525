import { expect, test, type BrowserContext } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { seriousViolations } from './fixtures';
import { ADMIN_SCREENS } from '../src/features/admin/screens';

// The sign-up (bot-check and e-mailed code) that makes the admin takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** The signed-in admin's browser state (its token), for every screen's own context. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  adminState = await context.storageState();
  await context.close();
});

// Every admin screen, and the member's own account page.
const PATHS = [...ADMIN_SCREENS.map((screen) => `/admin/${screen.path}`), '/account'];

for (const language of ['he', 'en']) {
  for (const path of PATHS) {
    test(`${path} in ${language} has no serious accessibility violations`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: adminState });
      const page = await context.newPage();
      await page.goto(`${path}?lang=${language}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      // Checked once the screen's data has arrived and shows, not on its loading state.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
}
