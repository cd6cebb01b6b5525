import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import fitEn from '../src/features/fit/locales/en.json' with { type: 'json' };
import fitHe from '../src/features/fit/locales/he.json' with { type: 'json' };
import { signUp } from './accounts';
import { appStarted, en, seriousViolations } from './fixtures';

const region = (page: Page, name: string) => page.getByRole('region', { name });
const length = (page: Page, side: string) => region(page, side).getByRole('textbox', { name: fitEn.foot.lengthMm });

/** Waits until the page's profile has loaded (a member's from her account) and the app drives it. */
async function profileShown(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: fitEn.title })).toBeVisible();
  await appStarted(page);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
}

test("a dancer's fit profile: kept on her device, moved onto her account when she signs up, downloaded and deleted", async ({ page }) => {
  await page.goto('/fit?lang=en');
  await profileShown(page);
  await expect(page.getByText(fitEn.where.device)).toBeVisible();
  await length(page, fitEn.foot.left).fill('238');
  await region(page, fitEn.foot.left).getByRole('combobox', { name: new RegExp(`^${fitEn.foot.toeShape}`) }).selectOption('egyptian');
  await region(page, fitEn.foot.left).getByRole('combobox', { name: new RegExp(`^${fitEn.foot.arch}`) }).selectOption('hypermobile');
  await page.getByRole('button', { name: fitEn.foot.sameAsLeft }).click();
  await length(page, fitEn.foot.right).fill('244');
  await expect(page.getByText(fitEn.foot.differ)).toBeVisible();

  const shoes = region(page, fitEn.shoes.title);
  await shoes.getByRole('button', { name: fitEn.shoes.add }).click();
  const pair = shoes.getByRole('group', { name: fitEn.shoes.pair.replace('{{number}}', '1') });
  await pair.getByRole('combobox', { name: fitEn.shoes.model }).fill('Europa Classic');
  await page.getByRole('option', { name: 'Gaynor Minden Europa Classic', exact: true }).click();
  await pair.getByRole('checkbox', { name: fitEn.choice.failed['shank-broke'] }).check();
  await pair.getByRole('textbox', { name: new RegExp(`^${fitEn.shoes.hours}`) }).fill('8');
  await page.getByRole('button', { name: fitEn.actions.save }).click();
  await expect(page.getByText(fitEn.actions.savedDevice)).toBeVisible();
  await expect(page.getByTestId('recommendation').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Kept on the device: a visit later finds it; the file she downloads is the profile.
  await page.reload();
  await profileShown(page);
  await expect(length(page, fitEn.foot.right)).toHaveValue('244');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: fitEn.actions.download }).click();
  const file = JSON.parse(await readFile(await (await download).path(), 'utf8')) as Record<string, unknown>;
  expect(file).toMatchObject({
    left: { lengthMm: 238, toeShape: 'egyptian', arch: 'hypermobile' },
    right: { lengthMm: 244, toeShape: 'egyptian', arch: 'hypermobile' },
    shoes: [{ model: 'gaynor-minden-europa-classic', failed: ['shank-broke'], hours: 8, current: true }],
  });

  // Signed up, she moves it onto her account; this device keeps no copy.
  await signUp(page);
  await page.goto('/fit?lang=en');
  await profileShown(page);
  await page.getByRole('button', { name: fitEn.where.useDevice }).click();
  await expect(page.getByText(fitEn.actions.savedAccount)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('fit-profile'))).toBeNull();
  for (const [language, texts] of [['he', fitHe], ['en', fitEn]] as const) {
    await page.goto(`/fit?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await appStarted(page);
    await expect(page.getByRole('region', { name: texts.foot.right }).getByRole('textbox', { name: texts.foot.lengthMm })).toHaveValue('244');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('recommendation').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }

  // Her saved profile's recommendations: families that suit it, each with the reasons from her answers.
  const first = page.getByTestId('recommendation').first();
  await expect(first).toBeVisible();
  await expect(page.getByText(fitEn.recommendations.notes)).toBeVisible();
  await expect(page.getByText('Your right foot is larger: fit the right, and pad the left.')).toBeVisible();
  await expect(first.getByText(/^Made for your toe shape: Egyptian/)).toBeVisible();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/shoe\//);
  await page.goBack();
  await profileShown(page);

  // With her leave, the assistant answers a question about which shoes to choose from her profile too.
  await page.getByRole('button', { name: en.chat.button }).click();
  await page.getByRole('checkbox', { name: en.chat.readFitProfile }).check();
  await page.getByRole('textbox', { name: en.chat.inputLabel }).fill('Which pointe shoes suit a narrow Egyptian foot?');
  await page.keyboard.press('Enter');
  const log = page.getByRole('log');
  await expect(log.getByText(/For your feet, from your fit profile:/)).toBeVisible();
  await page.getByRole('button', { name: en.chat.close }).click();

  await page.getByRole('button', { name: fitEn.actions.delete }).click();
  await page.getByRole('button', { name: fitEn.actions.confirm }).click();
  await expect(page.getByText(fitEn.actions.deleted)).toBeVisible();
  await page.reload();
  await profileShown(page);
  await expect(length(page, fitEn.foot.left)).toHaveValue('');
});

test('the fit profile is reached from the finder, the account page and the assistant', async ({ page }) => {
  await page.goto('/finder?lang=en');
  await appStarted(page);
  await page.getByRole('link', { name: /^My fit profile/ }).click();
  await expect(page).toHaveURL(/\/fit(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: fitEn.title })).toBeVisible();
  await page.getByRole('button', { name: en.chat.button }).click();
  await expect(page.getByRole('link', { name: en.chat.fitProfile })).toHaveAttribute('href', '/fit');
  await signUp(page);
  await page.goto('/account?lang=en');
  await page.getByRole('link', { name: en.account.fitProfile.open }).click();
  await expect(page).toHaveURL(/\/fit(\?|$)/);
});
