import { configure, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to (the admin forms use it).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

// The admin screens are big (a form holds every language's fields): give answers and renders more time
// to show under a loaded machine than the default second.
configure({ asyncUtilTimeout: 4000 });

/**
 * Replaces what `input` holds with `text`: selects it all and pastes (one change, where typing would
 * re-render the big admin forms once a key).
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.keyboard('{Control>}a{/Control}');
  await user.paste(text);
}

/** The field shows `message` as its error, linked to it for screen readers. */
export function expectFieldError(input: HTMLElement, message: string) {
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
}

/** The tab panel of a language in a form's language tabs (the panel has the language as its `lang`). */
export function languagePanel(container: HTMLElement, language: string) {
  const panel = container.querySelector<HTMLElement>(`[role="tabpanel"][lang="${language}"]`);
  if (!panel) throw new Error(`No ${language} tab panel`);
  return within(panel);
}

/** A dialog by its title. */
export const dialogNamed = (name: string | RegExp) => screen.getByRole('dialog', { name });
