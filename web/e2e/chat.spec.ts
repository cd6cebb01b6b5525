import { expect, test, type Page } from '@playwright/test';

import { asOwnVisitor } from './accounts';
import { appStarted, en, he, seriousViolations } from './fixtures';

// Nothing AI is configured for the e2e server, so the answers come from its built-in "basic" responder,
// which answers from the site's own pages and cites them.
const QUESTION = 'How do I sew ribbons on my pointe shoes?';
const CITED_POST = '/blog/sewing-ribbons-and-elastics';

/** The chat widget's parts, by their names in the interface language. */
function chat(page: Page, texts: { chat: typeof en.chat }) {
  const dialog = page.getByRole('dialog', { name: texts.chat.title });
  return {
    button: page.getByRole('button', { name: texts.chat.button }),
    dialog,
    messages: dialog.getByTestId('chat-message'),
    input: dialog.getByRole('textbox', { name: texts.chat.inputLabel }),
    send: dialog.getByRole('button', { name: texts.chat.send }),
    suggestions: dialog.getByRole('group', { name: texts.chat.suggestionsLabel }),
    typing: dialog.getByRole('status', { name: texts.chat.typing }),
  };
}

/** Opens the English site's chat as a visitor of its own (the questions' rate limit counts per address). */
async function openEnglishChat(page: Page) {
  await asOwnVisitor(page);
  await page.goto('/?lang=en');
  await appStarted(page);
  const widget = chat(page, en);
  await widget.button.click();
  await expect(widget.messages).toHaveCount(1);
  return widget;
}

async function ask(widget: ReturnType<typeof chat>, question: string) {
  await widget.input.fill(question);
  await widget.input.press('Enter');
}

test('the chat opens on a welcome, fills the box from a suggestion, sends on Enter only, and answers with its sources', async ({ page }) => {
  await asOwnVisitor(page);
  await page.goto('/?lang=en');
  await appStarted(page);
  const widget = chat(page, en);
  await expect(widget.button).toHaveAttribute('aria-expanded', 'false');
  await widget.button.click();
  await expect(widget.button).toHaveAttribute('aria-expanded', 'true');
  await expect(widget.messages).toHaveCount(1);
  await expect(widget.messages.first()).toContainText(en.chat.welcome);
  await expect(widget.input).toBeFocused();
  const box = await widget.dialog.boundingBox();
  expect(box?.width).toBeCloseTo(384, 0);
  expect(box?.height).toBeCloseTo(600, 0);

  await widget.suggestions.getByRole('button', { name: en.chat.suggestions.sizing }).click();
  await expect(widget.input).toHaveValue(en.chat.suggestions.sizing);
  await expect(widget.messages).toHaveCount(1);

  // Blank is not sent; Shift+Enter starts a new line.
  await widget.input.fill('   ');
  await widget.input.press('Enter');
  await expect(widget.send).toBeDisabled();
  await widget.input.fill(QUESTION);
  await widget.input.press('Shift+Enter');
  await expect(widget.input).toHaveValue(`${QUESTION}\n`);
  await expect(widget.messages).toHaveCount(1);

  // Held back a moment, so that the wait is seen.
  await page.route('**/api/ai/ask-hybrid', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await widget.input.press('Enter');
  await expect(widget.typing).toBeVisible();
  await expect(widget.input).toBeDisabled();
  await expect(widget.messages.nth(1)).toHaveText(new RegExp(`${QUESTION.replace('?', '\\?')}$`));
  await expect(widget.suggestions).toBeHidden();

  const answer = widget.messages.nth(2);
  const source = answer.locator(`a[href="${CITED_POST}"]`);
  await expect(source).toBeVisible({ timeout: 15_000 });
  await expect(source).toContainText(`${en.chat.sourceKinds.post}: `);
  await expect(widget.typing).toBeHidden();
  await expect(widget.input).toBeEnabled();
  await expect(widget.input).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);

  await source.click();
  await expect(page).toHaveURL(new RegExp(`${CITED_POST}$`));
  await expect(page.locator('main h1')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(widget.dialog).toBeHidden();
  await expect(widget.button).toBeFocused();
});

test('changing the language starts the chat over in that language; in Hebrew it runs right to left', async ({ page }) => {
  const widget = await openEnglishChat(page);
  await ask(widget, QUESTION);
  await expect(widget.messages).toHaveCount(3, { timeout: 15_000 });
  const englishBox = await widget.dialog.boundingBox();

  await page.getByRole('combobox', { name: en.nav.language }).first().selectOption('he');
  const hebrew = chat(page, he);
  await expect(hebrew.messages).toHaveCount(1);
  await expect(hebrew.messages.first()).toContainText(he.chat.welcome);
  await expect(hebrew.suggestions).toBeVisible();
  expect(await hebrew.dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  // The window moves to the other corner.
  const hebrewBox = await hebrew.dialog.boundingBox();
  expect(hebrewBox!.x).toBeLessThan(englishBox!.x);
});

test('when ask-hybrid fails the chat asks ask-with-rag and still answers', async ({ page }) => {
  await page.route('**/api/ai/ask-hybrid', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) }),
  );
  const widget = await openEnglishChat(page);
  const withRag = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/ai/ask-with-rag');
  await ask(widget, QUESTION);
  expect((await withRag).postDataJSON()).toEqual({ question: QUESTION, language: 'en' });
  await expect(widget.messages.nth(2).locator(`a[href="${CITED_POST}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(widget.dialog.getByText(en.chat.error)).toBeHidden();
});

test('a thumbs-up on an answer is sent and stays pressed', async ({ page }) => {
  const widget = await openEnglishChat(page);
  await ask(widget, QUESTION);
  const answer = widget.messages.nth(2);
  const up = answer.getByRole('button', { name: en.chat.helpful, exact: true });
  await expect(up).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  const feedback = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ai/feedback');
  await up.click();
  expect((await feedback).status()).toBe(204);
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(answer.getByRole('button', { name: en.chat.notHelpful, exact: true })).toHaveAttribute('aria-pressed', 'false');
});
