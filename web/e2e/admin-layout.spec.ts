import { expect, test, type Page } from '@playwright/test';

import { newAccount, openAdminScreen, openFresh, setRole, signUp } from './accounts';
import { ADMIN_PATHS } from './adminPaths';
import { adminEn, adminHe, en, he, seriousViolations } from './fixtures';

// One admin's browser for every test, in order (one sign-up, its bot-check and e-mailed code); the first
// test opens every screen.
test.describe.configure({ mode: 'default', timeout: 300_000 });

/** A phone, a tablet, a laptop and a wide screen. */
const WIDTHS = [375, 768, 1440, 1920];

/**
 * What does not fit on the page as it is drawn now: the page wider than the window, and every element
 * with text that the browser cuts with an ellipsis (wider than its box, `text-overflow: ellipsis`).
 */
function whatDoesNotFit(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const problems = root.scrollWidth > root.clientWidth ? [`the page is ${root.scrollWidth} px wide in ${root.clientWidth} px`] : [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.scrollWidth <= element.clientWidth || getComputedStyle(element).textOverflow !== 'ellipsis') continue;
      const text = element.innerText?.trim();
      if (text && element.getClientRects().length > 0) problems.push(`"${text.slice(0, 60)}" is cut (${element.scrollWidth} px in ${element.clientWidth} px)`);
    }
    return problems;
  });
}

/** Opens an admin screen in English, once its data shows. */
const openScreen = (page: Page, path: string) => openAdminScreen(page, `/admin/${path}?lang=en`);

let adminPage: Page;

test.beforeAll(async ({ browser }) => {
  adminPage = await (await browser.newContext()).newPage();
  const admin = await signUp(adminPage, newAccount());
  setRole(admin.username, 'admin');
});

test.afterAll(async () => {
  await adminPage.context().close();
});

test('every admin screen fits from a phone to a wide screen, its labels wrapped rather than cut', async () => {
  const page = adminPage;
  const problems: string[] = [];
  for (const path of ADMIN_PATHS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScreen(page, path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Charts and tables settle a moment after a resize: what still does not fit after that is listed.
      await expect.poll(() => whatDoesNotFit(page), { timeout: 3_000 }).toEqual([]).catch(() => {});
      problems.push(...(await whatDoesNotFit(page)).map((problem) => `/admin/${path} at ${width} px: ${problem}`));
    }
  }
  expect(problems).toEqual([]);
});

test('the navigation hides on a wide screen to give the screen its width, and stays hidden on the next visit', async () => {
  const page = adminPage;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScreen(page, 'brands');
  const navigation = page.getByRole('navigation', { name: adminEn.navigation });
  const screenWidth = async () => (await page.locator('main h1').first().boundingBox())!.width;
  const widthWithNavigation = await screenWidth();
  await page.getByRole('button', { name: adminEn.shell.hideNavigation }).click();
  await expect(navigation).toBeHidden();
  await expect.poll(screenWidth).toBeGreaterThan(widthWithNavigation + 200);
  await openScreen(page, 'brands');
  await expect(navigation).toBeHidden();
  await page.getByRole('button', { name: adminEn.shell.showNavigation }).click();
  await expect(navigation.getByRole('link', { name: adminEn.screens.brands })).toHaveAttribute('aria-current', 'page');
});

test('in Hebrew the navigation stands on the right', async () => {
  const page = adminPage;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openFresh(page, '/admin?lang=he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const box = (await page.getByRole('navigation', { name: adminHe.navigation }).boundingBox())!;
  expect(box.x).toBeGreaterThan(1440 / 2);
});

for (const [language, texts, adminTexts] of [['he', he, adminHe], ['en', en, adminEn]] as const) {
  test(`on a phone in ${language}, the shell with its navigation open has no serious accessibility violations`, async () => {
    const page = adminPage;
    await page.setViewportSize({ width: 375, height: 812 });
    await openAdminScreen(page, `/admin?lang=${language}`);
    const navigation = page.getByRole('navigation', { name: adminTexts.navigation });
    await expect(navigation).toBeHidden();
    await page.getByRole('button', { name: texts.nav.openMenu }).click();
    await expect(navigation.getByRole('link', { name: adminTexts.screens.dashboard })).toBeVisible();
    await expect(navigation.getByRole('combobox', { name: texts.nav.language })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Choosing a screen closes the navigation.
    await navigation.getByRole('link', { name: adminTexts.screens.brands }).click();
    await expect(page).toHaveURL(/\/admin\/brands/);
    await expect(navigation).toBeHidden();
  });
}
