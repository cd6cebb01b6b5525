import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogNamed, expectFieldError, fill, languagePanel } from '../../../test/forms';
import type { ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { localeText } from '../../../test/locales';
import { renderAdmin } from '../renderAdmin';
import type { TemplateRecord } from './api';
import { copyName } from './TemplatesScreen';

// Each form holds every language's fields: slow to render in jsdom.
vi.setConfig({ testTimeout: 20_000 });

const spring: TemplateRecord = {
  id: 't-1',
  name: 'Spring news',
  category: 'newsletter',
  translations: {
    he: { subject: 'חדש אצל {{brandName}}', body: 'שלום {{username}}' },
    en: { subject: 'New at {{brandName}}', body: 'Hello {{username}}' },
  },
  sendsWelcome: false,
  createdAt: 1,
  updatedAt: Date.UTC(2030, 1, 1, 12),
};

const welcome: TemplateRecord = { ...spring, id: 't-w', name: 'Hello', category: 'welcome' };

const VARIABLES = { variables: ['brandName', 'username', 'siteName', 'siteUrl', 'unsubscribeUrl'] };
const PREVIEW = { subject: 'New at Bloch', html: '<html><body><h1>Hello</h1></body></html>', text: 'Hello' };

function renderTemplates(routes: Record<string, unknown> = {}) {
  return renderAdmin('/admin/templates', {
    'GET /admin/email/templates': [spring],
    'GET /admin/email/templates/variables': VARIABLES,
    'POST /admin/email/templates/preview': PREVIEW,
    ...routes,
  });
}

const table = () => screen.findByRole('table', { name: 'Email templates' });

describe('TemplatesScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists each template with its category, languages and last change', async () => {
    renderTemplates();
    const [row] = within(await table()).getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Spring news', 'Newsletter', 'he, en']);
    expect(cells[3]).toMatch(/2030/);
  });

  it('writes a template in English only, with a variable inserted at the cursor, and shows the e-mail in a sandboxed frame', async () => {
    const { api, user } = renderTemplates({
      'POST /admin/email/templates': (call: ApiCall) => ({ ...(call.body as TemplateRecord), id: 't-2', createdAt: 3, updatedAt: 3 }),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = dialogNamed('New template');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Welcome');
    await user.click(within(dialog).getByRole('tab', { name: /English/ }));
    const english = languagePanel(dialog, 'en');
    await fill(user, english.getByLabelText(/^Subject/), 'Welcome to ');
    await user.click(english.getByRole('button', { name: 'Insert {{siteName}}' }));
    await fill(user, english.getByLabelText(/^Body/), 'Hi {{userName}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expectFieldError(english.getByLabelText(/^Body/), 'Unknown variable: {{userName}}');
    expect(api.callsTo('POST /admin/email/templates')).toEqual([]);

    await fill(user, english.getByLabelText(/^Body/), 'Hi ');
    await user.click(english.getByRole('button', { name: 'Insert {{username}}' }));
    expect(english.getByLabelText(/^Body/)).toHaveValue('Hi {{username}}');
    const frame = await english.findByTitle('The e-mail in English');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', PREVIEW.html);
    // Rendered again once typing pauses, with the text as it stands.
    await waitFor(() =>
      expect(api.callsTo('POST /admin/email/templates/preview').at(-1)?.body).toEqual({ lang: 'en', subject: 'Welcome to {{siteName}}', body: 'Hi {{username}}' }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /admin/email/templates')).toHaveLength(1));
    expect(api.callsTo('POST /admin/email/templates')[0]?.body).toStrictEqual({
      name: 'Welcome',
      category: 'newsletter',
      translations: { en: { subject: 'Welcome to {{siteName}}', body: 'Hi {{username}}' } },
      sendsWelcome: false,
    });
    expect(await screen.findByText('Welcome saved')).toBeInTheDocument();
  });

  it('shows the server’s reasons at their fields, translated', async () => {
    const { user } = renderTemplates({
      'PUT /admin/email/templates/t-1': () =>
        jsonResponse({ error: 'Another template has this name', code: 'template_name_taken', fields: { name: { code: 'template_name_taken', message: 'Another template has this name' } } }, 409),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Spring news' }));
    const dialog = dialogNamed('Edit template');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expectFieldError(await within(dialog).findByLabelText(/^Name/), 'Another template has this name');
  });

  it('words a field’s problem by its code, with the values the server gives, in Hebrew', async () => {
    const { user } = renderTemplates({
      'PUT /admin/email/templates/t-1': () =>
        jsonResponse(
          {
            error: 'Must be at most 200 characters',
            code: 'invalid_fields',
            fields: { name: { code: 'too_long', message: 'Must be at most 200 characters', values: { max: '200' } } },
          },
          400,
        ),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Spring news' }));
    const dialog = dialogNamed('Edit template');
    await i18n.changeLanguage('he');
    await user.click(within(dialog).getByRole('button', { name: 'שמירה' }));
    const name = dialog.querySelector<HTMLInputElement>('input[name="name"]')!;
    await waitFor(() => expectFieldError(name, 'יש להזין 200 תווים לכל היותר'));
  });

  it('offers the welcome switch only on welcome templates and sends it', async () => {
    const { api, user } = renderTemplates({
      'GET /admin/email/templates': [spring, welcome],
      'PUT /admin/email/templates/t-w': (call: ApiCall) => ({ ...welcome, ...(call.body as TemplateRecord) }),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Edit Spring news' }));
    expect(within(dialogNamed('Edit template')).queryByRole('switch')).not.toBeInTheDocument();
    await user.click(within(dialogNamed('Edit template')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Hello' }));
    const dialog = dialogNamed('Edit template');
    await user.click(within(dialog).getByRole('switch', { name: /Send to each new member/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /admin/email/templates/t-w')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/email/templates/t-w')[0]?.body).toMatchObject({ category: 'welcome', sendsWelcome: true });
  });

  it('says the templates failed to load, with the request’s status, in the admin’s language', async () => {
    renderTemplates({ 'GET /admin/email/templates': jsonResponse({}, 404) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load templates');
    expect(alert).toHaveTextContent('Request failed with status 404');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so in Hebrew too, the status filled in', async () => {
    await i18n.changeLanguage('he');
    renderTemplates({ 'GET /admin/email/templates': jsonResponse({}, 404) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(localeText('he', 'messages.requestFailedStatus', { status: 404 }));
    expect(alert).toHaveTextContent('טעינת התבניות נכשלה');
    expect(alert).not.toHaveTextContent('{{');
  });

  it('says the template failed to delete, and why, in the confirmation', async () => {
    const { api, user } = renderTemplates({
      'DELETE /admin/email/templates/t-1': jsonResponse(
        { error: 'A scheduled, sending or paused campaign uses this template: it cannot be deleted', code: 'template_in_use' },
        409,
      ),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Spring news' }));
    const dialog = dialogNamed('Delete Spring news?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to delete template');
    expect(alert).toHaveTextContent('A scheduled, sending or paused campaign uses this template: it cannot be deleted');
    expect(api.callsTo('DELETE /admin/email/templates/t-1')).toHaveLength(1);
  });

  it('duplicates a template under a name no other template has', async () => {
    const { api, user } = renderTemplates({
      'POST /admin/email/templates/t-1/duplicate': (call: ApiCall) => ({ ...spring, id: 't-3', name: (call.body as { name: string }).name }),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Duplicate Spring news' }));
    await waitFor(() => expect(api.callsTo('POST /admin/email/templates/t-1/duplicate')).toHaveLength(1));
    expect(api.callsTo('POST /admin/email/templates/t-1/duplicate')[0]?.body).toEqual({ name: 'Copy of Spring news' });
    expect(await screen.findByText('Copy of Spring news created')).toBeInTheDocument();
    expect(copyName('Copy of A', ['copy of a', 'Copy of A (2)'])).toBe('Copy of A (3)');
  });
});
