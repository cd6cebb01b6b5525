import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { expectFieldError, fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { aiRoutes } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const answered = {
  ok: true,
  answer: 'Les pointes sont mortes quand la boîte ne soutient plus le pied.',
  provider: 'edge',
  model: '@cf/meta/llama-3.1-8b-instruct',
  durationMs: 812,
  firstTokenMs: 240,
  sources: [{ kind: 'post', id: 'post:making-pointe-shoes-last', title: 'Faire durer ses pointes', link: '/blog/making-pointe-shoes-last' }],
  errorType: null,
  error: null,
};
const notConfigured = { ok: false, answer: null, provider: 'gateway', model: null, durationMs: 0, firstTokenMs: null, sources: [], errorType: 'notConfigured', error: null };

async function renderTest(answer: Route) {
  const rendered = renderAdmin('/admin/ai', { ...aiRoutes, 'POST /admin/ai/test': answer });
  const section = await screen.findByRole('region', { name: /^(AI test|בדיקת AI)$/ });
  return { ...rendered, section: within(section) };
}

async function choose(user: ReturnType<typeof renderAdmin>['user'], combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('AiTest', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('asks the chosen provider in the chosen language, busy while it waits, and shows the answer with its details', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, section, user } = await renderTest(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(section.getByRole('combobox', { name: 'Provider' })).toHaveValue('AI gateway');
    expect(section.getByRole('combobox', { name: 'Language' })).toHaveValue('English');

    await choose(user, section.getByRole('combobox', { name: 'Provider' }), 'Edge AI (Cloudflare Workers AI)');
    await choose(user, section.getByRole('combobox', { name: 'Language' }), 'Français');
    await fill(user, section.getByRole('textbox', { name: 'Question' }), '  Comment savoir si mes pointes sont mortes ?  ');
    await user.click(section.getByRole('button', { name: 'Run test' }));

    await waitFor(() => expect(section.getByRole('button', { name: 'Run test' })).toHaveAttribute('data-loading', 'true'));
    expect(api.callsTo('POST /admin/ai/test')[0]?.body).toEqual({ provider: 'edge', language: 'fr', question: 'Comment savoir si mes pointes sont mortes ?' });
    answer(jsonResponse(answered));

    const result = await section.findByRole('status', { name: 'Answer' });
    expect(result).toHaveTextContent(answered.answer);
    const details = within(within(result).getByRole('table', { name: 'Test details' }));
    expect(details.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProviderEdge AI (Cloudflare Workers AI)',
      'Model@cf/meta/llama-3.1-8b-instruct',
      'Duration812 ms',
      'Time to first token240 ms',
    ]);
    expect(within(result).getByRole('link', { name: 'Faire durer ses pointes' })).toHaveAttribute('href', '/blog/making-pointe-shoes-last');
    expect(section.getByRole('button', { name: 'Run test' })).not.toHaveAttribute('data-loading');
  });

  it('says in the interface language that the provider is not configured, with no English beside it', async () => {
    await i18n.changeLanguage('he');
    const { section, user } = await renderTest(notConfigured);
    await fill(user, section.getByRole('textbox', { name: 'שאלה' }), 'איך בוחרים נעלי פוינט?');
    await user.click(section.getByRole('button', { name: 'הרצת הבדיקה' }));
    const failure = await section.findByRole('alert');
    expect(failure).toHaveTextContent('הספק נכשל');
    expect(failure).toHaveTextContent('ספק זה אינו מוגדר');
    expect(failure.textContent).not.toMatch(/[A-Za-z]/);
    expect(section.queryByRole('status', { name: 'תשובה' })).not.toBeInTheDocument();
  });

  it('says which failure it was, with the provider\'s own words beside it', async () => {
    const { section, user } = await renderTest({ ...notConfigured, provider: 'edge', durationMs: 20_000, errorType: 'status', error: 'Workers AI answered 401 Unauthorized' });
    await fill(user, section.getByRole('textbox', { name: 'Question' }), 'How do I sew ribbons?');
    await user.click(section.getByRole('button', { name: 'Run test' }));
    const failure = await section.findByRole('alert');
    expect(failure).toHaveTextContent('Error answer (HTTP)');
    expect(failure).toHaveTextContent('Workers AI answered 401 Unauthorized');
    expect(section.getByRole('table', { name: 'Test details' })).toHaveTextContent('20,000 ms');
  });

  it('asks for a question before sending', async () => {
    const { api, section, user } = await renderTest(answered);
    await user.click(section.getByRole('button', { name: 'Run test' }));
    expectFieldError(section.getByRole('textbox', { name: 'Question' }), 'This field is required');
    expect(api.callsTo('POST /admin/ai/test')).toEqual([]);
  });

  it('says why the test could not be run, once, without trying again', async () => {
    const { api, section, user } = await renderTest(jsonResponse({ error: 'You do not have permission to do this', code: 'forbidden' }, 503));
    await fill(user, section.getByRole('textbox', { name: 'Question' }), 'How do I sew ribbons?');
    await user.click(section.getByRole('button', { name: 'Run test' }));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/ai/test')).toHaveLength(1);
    expect(section.getByRole('button', { name: 'Run test' })).not.toHaveAttribute('data-loading');
  });
});
