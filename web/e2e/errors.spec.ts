import { expect, test } from '@playwright/test';

import { appStarted, en, he, seededBrandCards } from './fixtures';

const POST_TITLE = 'Shanks and boxes explained: how a pointe shoe works';

test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
  const answer = await page.goto('/no-such-page');
  expect(answer!.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: he.notFound.title })).toBeVisible();
});

test('an unknown brand answers 404 and shows the not-found page', async ({ page }) => {
  const answer = await page.goto('/brand/no-such-brand?lang=en');
  expect(answer!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: en.notFound.title })).toBeVisible();
  await page.getByRole('link', { name: en.notFound.home }).click();
  await expect(seededBrandCards(page)).toHaveCount(7);
});

test('an answer the app does not understand shows the crash screen, and Try Again recovers', async ({ page }) => {
  let broken = true;
  await page.route('**/api/blog/posts/understanding-shanks-and-boxes?*', (route) => (broken ? route.fulfill({ json: { unexpected: true } }) : route.continue()));
  // Pages come drawn with their data: a post is read when the app opens it from the blog.
  await page.goto('/blog?lang=en');
  await appStarted(page);
  await page.getByRole('link', { name: POST_TITLE }).first().click();
  await expect(page.getByRole('heading', { name: en.crash.title })).toBeVisible();
  await expect(page.getByText(en.crash.text)).toBeVisible();
  broken = false;
  await page.getByRole('button', { name: en.crash.tryAgain }).click();
  await expect(page.getByRole('heading', { level: 1, name: POST_TITLE })).toBeVisible();
});

test('unknown API paths answer JSON 404', async ({ request }) => {
  const answer = await request.get('/api/nothing-here');
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toHaveProperty('error');
});
