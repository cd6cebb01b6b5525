import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ApiCall, Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed, expectFieldError, fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { CampaignRecord } from './api';
import { draft, frenchTemplate, inState, springTemplate } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const VARIABLES = { variables: ['brandName', 'username', 'siteName', 'siteUrl', 'unsubscribeUrl'] };

function renderEditor(path: string, routes: Record<string, Route> = {}) {
  return renderAdmin(path, {
    'GET /admin/email/templates': [springTemplate, frenchTemplate],
    'GET /admin/email/templates/variables': VARIABLES,
    'GET /admin/email/campaigns': [draft],
    'GET /admin/email/campaigns/c-1': draft,
    'POST /admin/email/campaigns/audience': { count: 42 },
    ...routes,
  });
}

/** Waits for the form (it shows once the templates are loaded). */
const draftForm = (name = 'Campaign draft') => screen.findByRole('form', { name });
const TIME = /^Time(\s*\*)?$/;
const templateSelect = () => screen.getByRole('combobox', { name: /^Template/ });
const group = (name: RegExp) => screen.getByRole('group', { name });

describe('CampaignEditor', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('writes a new campaign: the template’s subjects filled in, its languages only, the audience counted, saved as a draft', async () => {
    const saved: CampaignRecord = { ...draft, id: 'c-9', name: 'Gala night', subjects: { he: 'חדש אצל {{siteName}}', en: 'Gala night at {{siteName}}' } };
    const { api, user } = renderEditor('/admin/email/new', {
      'POST /admin/email/campaigns': (call: ApiCall) => ({ ...saved, ...(call.body as object) }),
      'GET /admin/email/campaigns/c-9': saved,
    });
    await screen.findByRole('heading', { level: 1, name: 'New campaign' });
    await draftForm();
    expect(screen.getByText('Choose at least one group and one language to see how many members the campaign reaches.')).toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Gala night');
    await user.click(within(group(/^Target languages/)).getByRole('checkbox', { name: 'English' }));
    await user.click(templateSelect());
    await user.click(await screen.findByRole('option', { name: 'Spring news (Announcement)' }));
    // The template's English subject fills the empty one; French, not in the template, cannot be chosen.
    expect(screen.getByRole('textbox', { name: /^Subject: English/ })).toHaveValue('New at {{siteName}}');
    expect(within(group(/^Target languages/)).getByRole('checkbox', { name: /^Français/ })).toBeDisabled();
    await user.click(within(group(/^Target languages/)).getByRole('checkbox', { name: 'עברית' }));
    expect(screen.getByRole('textbox', { name: /^Subject: עברית/ })).toHaveValue('חדש אצל {{siteName}}');
    expect(screen.getByRole('textbox', { name: /^Subject: עברית/ }).closest('[lang="he"]')).toHaveAttribute('dir', 'rtl');
    await fill(user, screen.getByRole('textbox', { name: /^Subject: English/ }), 'Gala night at {{siteName}}');

    await user.click(within(group(/^Target groups/)).getByRole('checkbox', { name: 'VIP customers' }));
    expect(await screen.findByText('This campaign would reach 42 members now.')).toBeInTheDocument();
    // Asked once the choice stood still, not on each click.
    await waitFor(() => expect(api.callsTo('POST /admin/email/campaigns/audience').at(-1)?.body).toEqual({ templateId: 't-1', groups: ['vip'], languages: ['he', 'en'] }));
    expect(api.callsTo('POST /admin/email/campaigns/audience').length).toBeLessThanOrEqual(2);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('POST /admin/email/campaigns')).toHaveLength(1));
    expect(api.callsTo('POST /admin/email/campaigns')[0]?.body).toStrictEqual({
      name: 'Gala night',
      templateId: 't-1',
      subjects: { he: 'חדש אצל {{siteName}}', en: 'Gala night at {{siteName}}' },
      groups: ['vip'],
      languages: ['he', 'en'],
    });
    expect(await screen.findByText('Draft Gala night saved')).toBeInTheDocument();
    // The saved draft's page: its test, its schedule and its start.
    expect(await screen.findByRole('heading', { level: 1, name: 'Gala night' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send now' })).toBeEnabled();
  });

  it('checks the fields before saving, and "All users" stands for every group', async () => {
    const { api, user } = renderEditor('/admin/email/new');
    await draftForm();
    await user.click(within(group(/^Target groups/)).getByRole('checkbox', { name: 'VIP customers' }));
    await user.click(within(group(/^Target groups/)).getByRole('checkbox', { name: 'All users' }));
    expect(within(group(/^Target groups/)).getByRole('checkbox', { name: 'VIP customers' })).not.toBeChecked();
    expect(within(group(/^Target groups/)).getByRole('checkbox', { name: 'VIP customers' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expectFieldError(screen.getByRole('textbox', { name: /^Name/ }), 'This field is required');
    expect(group(/^Target languages/)).toHaveAccessibleDescription(expect.stringContaining('Choose at least one language'));
    expect(screen.getByText('Choose a template')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/email/campaigns')).toEqual([]);
  });

  it('shows the server’s reasons at their fields, in the admin’s language', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderEditor('/admin/email/c-1', {
      'PUT /admin/email/campaigns/c-1': jsonResponse(
        {
          error: 'The template is not written in every chosen language',
          code: 'invalid_fields',
          fields: { languages: { code: 'template_languages', message: 'The template is not written in every chosen language' }, 'subjects.en': { code: 'unknown_variable', message: 'Unknown variable: {{brand}}', values: { name: '{{brand}}' } } },
        },
        400,
      ),
    });
    await draftForm('Brouillon de la campagne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    await waitFor(() => expect(group(/^Langues ciblées/)).toHaveAccessibleDescription(expect.stringContaining('Le modèle n’est pas rédigé dans toutes les langues choisies')));
    expectFieldError(screen.getByRole('textbox', { name: /^Objet : English/ }), 'Variable inconnue : {{brand}}');
  });

  it('asks before sending now, naming how many members get it, then shows the campaign under way', async () => {
    const { api, user } = renderEditor('/admin/email/c-1', {
      'POST /admin/email/campaigns/c-1/send': { ...inState(draft, 'sending'), recipients: 42, startedAt: Date.UTC(2030, 2, 1) },
      'GET /admin/email/campaigns/c-1/report': { progress: { ratePerSecond: 0, secondsLeft: null }, bucketMs: 300_000, timeline: [], links: [], problems: [] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Spring sale' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = dialogNamed('Send Spring sale now?');
    expect(dialog).toHaveTextContent('It goes to 42 members at once, each in their language.');
    expect(api.callsTo('POST /admin/email/campaigns/c-1/send')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Spring sale is being sent')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/email/campaigns/c-1/send')).toHaveLength(1);
    expect(await screen.findByRole('progressbar', { name: 'Recipients mailed' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('says why sending failed in the dialog', async () => {
    const { user } = renderEditor('/admin/email/c-1', {
      'POST /admin/email/campaigns/c-1/send': jsonResponse({ error: 'No member matches the chosen groups and languages', code: 'campaign_audience_empty' }, 400),
    });
    await screen.findByRole('heading', { level: 1, name: 'Spring sale' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await user.click(within(dialogNamed('Send Spring sale now?')).getByRole('button', { name: 'Send now' }));
    expect(await within(dialogNamed('Send Spring sale now?')).findByRole('alert')).toHaveTextContent(
      'Sending the e-mail campaign failed. No member matches the chosen groups and languages',
    );
  });

  it('schedules the saved draft at a date, time and timezone, and shows a time the clocks skip at the time field', async () => {
    const skipped = { time: { code: 'skipped_time', message: 'This time does not exist in the chosen timezone: the clocks go forward then' } };
    // Jerusalem moves its clocks forward on 2030-03-29 at 02:00.
    const { api, user } = renderEditor('/admin/email/c-1', {
      'POST /admin/email/campaigns/c-1/schedule': () => jsonResponse({ error: 'Invalid fields', code: 'invalid_fields', fields: skipped }, 400),
    });
    await draftForm();
    const schedule = screen.getByRole('form', { name: 'Schedule' });
    expect(within(schedule).getByRole('combobox', { name: /^Timezone/ })).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await fill(user, within(schedule).getByLabelText(/^Date/), '2030-03-29');
    await fill(user, within(schedule).getByLabelText(TIME), '02:30');
    await user.clear(within(schedule).getByRole('combobox', { name: /^Timezone/ }));
    await user.type(within(schedule).getByRole('combobox', { name: /^Timezone/ }), 'Jerusalem');
    await user.click(await screen.findByRole('option', { name: 'Asia/Jerusalem' }));
    await user.click(within(schedule).getByRole('button', { name: 'Schedule' }));
    expectFieldError(await within(schedule).findByLabelText(TIME), 'This time does not exist in the chosen timezone: the clocks go forward then');
    expect(api.callsTo('POST /admin/email/campaigns/c-1/schedule')[0]?.body).toEqual({ date: '2030-03-29', time: '02:30', timezone: 'Asia/Jerusalem' });

    api.set('POST /admin/email/campaigns/c-1/schedule', (call: ApiCall) => ({ ...inState(draft, 'scheduled'), schedule: call.body, scheduledAt: Date.UTC(2030, 2, 29, 6) }));
    await fill(user, within(schedule).getByLabelText(TIME), '09:00');
    await user.click(within(schedule).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Spring sale is scheduled')).toBeInTheDocument();
    const details = await screen.findByRole('table', { name: 'Campaign details' });
    expect(within(details).getByRole('row', { name: /^Scheduled for/ })).toHaveTextContent(/Friday, March 29, 2030.+9:00\sAM \(Asia\/Jerusalem\)/);
    expect(screen.getByRole('button', { name: 'Unschedule' })).toBeInTheDocument();
  });

  it('sends a test in a language of the campaign, and shows the provider’s refusal', async () => {
    const { api, user } = renderEditor('/admin/email/c-1', {
      'POST /admin/email/campaigns/c-1/test': jsonResponse(
        { error: 'The test e-mail could not be sent: 550 mailbox unavailable', code: 'test_email_failed', values: { reason: '550 mailbox unavailable' } },
        502,
      ),
    });
    await draftForm();
    const test = screen.getByRole('group', { name: 'Send a test' });
    await user.click(screen.getByRole('combobox', { name: 'Language of the test' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await fill(user, within(test).getByRole('textbox', { name: 'Test recipient' }), 'odette@example.org');
    await user.click(within(test).getByRole('button', { name: 'Send test' }));
    expect(await within(test).findByRole('alert')).toHaveTextContent('The test e-mail could not be sent: 550 mailbox unavailable');
    // One attempt: the refusal is the answer, not something to try again.
    expect(api.callsTo('POST /admin/email/campaigns/c-1/test')).toHaveLength(1);
    expect(api.callsTo('POST /admin/email/campaigns/c-1/test')[0]?.body).toEqual({ to: 'odette@example.org', lang: 'en' });
  });

  it('holds the test, the schedule and the start back while changes are not saved', async () => {
    const { user } = renderEditor('/admin/email/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Spring sale' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send now' })).toBeEnabled());
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Spring sale 2');
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeDisabled();
  });

  it('says why a scheduled start did not happen, in the interface\'s language', async () => {
    const problem = { code: 'campaign_audience_empty', message: 'No member matches the chosen groups and languages' };
    await i18n.changeLanguage('he');
    renderEditor('/admin/email/c-1', { 'GET /admin/email/campaigns/c-1': { ...draft, problem } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('אין משתמשים שמתאימים לקבוצות ולשפות שנבחרו');
    expect(alert).not.toHaveTextContent('No member');
  });
});
