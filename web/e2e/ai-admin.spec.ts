import { expect, test } from '@playwright/test';

import { asOwnVisitor, newAccount, setRole, signUp } from './accounts';
import { adminEn } from './fixtures';

// A sign-up with its bot-check and e-mailed code takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test('after a few questions the AI monitoring shows them in its numbers and charts, and the AI test answers', async ({ page }) => {
  const admin = await signUp(page, newAccount());
  setRole(admin.username, 'admin');
  await asOwnVisitor(page);
  for (const [question, language] of [
    ['How do I sew ribbons on my pointe shoes?', 'en'],
    ['איך שוברים נעלי פוינט חדשות?', 'he'],
    ['Comment faire durer mes pointes ?', 'fr'],
  ]) {
    const answer = await page.request.post('/api/ai/ask-hybrid', { data: { question, language, includesSources: true } });
    expect(answer.ok()).toBe(true);
  }

  await page.goto('/admin/ai?lang=en');
  await page.getByRole('tab', { name: adminEn.ai.tabs.metrics }).click();
  // Other tests ask questions on the same server meanwhile: at least these three are counted.
  const total = page.getByRole('group', { name: adminEn.ai.metrics.totalRequests });
  await expect(total).toContainText(/\d/);
  expect(Number((await total.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(3);
  // The charts are drawn: the area of requests over time, the provider donut and the language bars.
  await expect(page.locator('.recharts-area-area').first()).toBeVisible();
  await expect(page.locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle')).not.toHaveCount(0);

  await page.getByRole('tab', { name: adminEn.ai.tabs.gateway }).click();
  await expect(page.getByText(adminEn.ai.lastAnswer.title)).toBeVisible();
  await expect(page.getByText(adminEn.ai.ragTypes.hybrid).first()).toBeVisible();

  await page.getByRole('tab', { name: adminEn.ai.tabs.models }).click();
  await page.getByRole('textbox', { name: adminEn.ai.test.question }).fill('How long do pointe shoes last?');
  // The gateway is not configured on the test server: its own error shows; the built-in answers answer.
  await page.getByRole('button', { name: adminEn.ai.test.run }).click();
  await expect(page.getByRole('alert').filter({ hasText: adminEn.ai.test.failed })).toContainText(adminEn.ai.errorTypes.notConfigured);
  await page.getByRole('combobox', { name: adminEn.ai.test.provider }).click();
  await page.getByRole('option', { name: adminEn.ai.providers.basic }).click();
  await page.getByRole('button', { name: adminEn.ai.test.run }).click();
  const result = page.getByRole('status', { name: adminEn.ai.test.answer });
  await expect(result).toContainText('Here is what I found on the site:');
});
