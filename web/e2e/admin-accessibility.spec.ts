import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';

import { newAccount, setRole, signUp } from './accounts';
import { ADMIN_PATHS } from './adminPaths';
import { seriousViolations } from './fixtures';

// The sign-up (bot-check and e-mailed code) that makes the admin takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

type BrowserState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The signed-in admin's browser state (its token), for every screen's own context. */
let adminState: BrowserState;

/**
 * The admin's state with a newly refreshed token. The e2e server's tokens live 400 s and warn for their
 * last 300 s, longer than this file's screens take on a busy machine: each screen is checked with a token
 * far from its expiry warning, not with one that has the warning's dialog over it.
 */
async function refreshedAdminState(request: APIRequestContext): Promise<BrowserState> {
  const [origin] = adminState.origins;
  const stored = origin?.localStorage.find((item) => item.name === 'token');
  if (!origin || !stored) throw new Error('the admin is not signed in');
  const answer = await request.post('/api/auth/refresh', { headers: { authorization: `Bearer ${stored.value}` } });
  expect(answer.ok()).toBe(true);
  const { token } = (await answer.json()) as { token: string };
  const localStorage = origin.localStorage.map((item) => (item === stored ? { ...item, value: token } : item));
  adminState = { ...adminState, origins: [{ ...origin, localStorage }] };
  return adminState;
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  adminState = await context.storageState();
  await context.close();
});

// Every admin screen, and the member's own account page.
const PATHS = [...ADMIN_PATHS.map((path) => `/admin/${path}`), '/account'];

for (const language of ['he', 'en']) {
  for (const path of PATHS) {
    test(`${path} in ${language} has no serious accessibility violations`, async ({ browser, request }) => {
      const context = await browser.newContext({ storageState: await refreshedAdminState(request) });
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
