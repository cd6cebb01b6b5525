import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { advance, useFakeClock, type Route } from '../../../test/auth';
import { dialogNamed } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { CampaignRecord } from './api';
import { inState, scheduled, sending, sendingReport, sent, sentReport, springTemplate } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

function renderCampaign(campaign: CampaignRecord, routes: Record<string, Route> = {}) {
  return renderAdmin(`/admin/email/${campaign.id}`, {
    'GET /admin/email/templates': [springTemplate],
    'GET /admin/email/templates/variables': { variables: ['username', 'siteName'] },
    'GET /admin/email/campaigns': [campaign],
    [`GET /admin/email/campaigns/${campaign.id}`]: campaign,
    [`GET /admin/email/campaigns/${campaign.id}/report`]: campaign.status === 'sent' ? sentReport : sendingReport,
    'POST /admin/email/campaigns/audience': { count: 3 },
    ...routes,
  });
}

const progressBar = () => screen.findByRole('progressbar', { name: 'Recipients mailed' });
const region = (name: string) => screen.findByRole('region', { name });
const stat = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./)[1]?.textContent;

describe('CampaignPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows a sending campaign’s progress: recipients tried, pace, time left and failures', async () => {
    renderCampaign(sending);
    expect(await screen.findByRole('heading', { level: 1, name: 'Autumn tips' })).toBeInTheDocument();
    expect(await progressBar()).toHaveAttribute('aria-valuenow', '50');
    const progress = await region('Progress');
    expect(progress).toHaveTextContent('50 of 100 recipients (50%)');
    expect(await within(progress).findByText('Pace: 2.5 e-mails a second')).toBeInTheDocument();
    expect(within(progress).getByText('Time left: 20 seconds')).toBeInTheDocument();
    expect(within(progress).getByText('10 failed or bounced')).toBeInTheDocument();
  });

  it('reads the campaign and its figures again every 2 seconds while it sends, until it is sent', async () => {
    useFakeClock();
    const { api } = renderCampaign(sending);
    // The first drawing waits for the screen's chunk and data: on a loaded machine longer than a second.
    await vi.waitFor(() => expect(screen.getByRole('progressbar', { name: 'Recipients mailed' })).toHaveAttribute('aria-valuenow', '50'), { timeout: 5000 });
    const reads = api.callsTo('GET /admin/email/campaigns/c-3').length;
    const reports = api.callsTo('GET /admin/email/campaigns/c-3/report').length;

    api.set('GET /admin/email/campaigns/c-3', { ...inState(sending, 'sent'), finishedAt: Date.UTC(2030, 2, 1, 10), performance: { ...sending.performance, queued: 0, sent: 90 } });
    await advance(2000);
    expect(api.callsTo('GET /admin/email/campaigns/c-3').length).toBe(reads + 1);
    await vi.waitFor(() => expect(screen.getByRole('progressbar', { name: 'Recipients mailed' })).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByRole('heading', { level: 1, name: 'Autumn tips' }).parentElement).toHaveTextContent('Sent');
    // Its last figures once sent, then no more reads.
    await vi.waitFor(() => expect(api.callsTo('GET /admin/email/campaigns/c-3/report').length).toBeGreaterThan(reports));
    const settled = api.callsTo('GET /admin/email/campaigns/c-3').length;
    await advance(6000);
    expect(api.callsTo('GET /admin/email/campaigns/c-3')).toHaveLength(settled);
  });

  it('pauses and resumes the sending, and cancels it once confirmed', async () => {
    const { api, user } = renderCampaign(sending, {
      'POST /admin/email/campaigns/c-3/pause': inState(sending, 'paused'),
      'POST /admin/email/campaigns/c-3/resume': sending,
      'POST /admin/email/campaigns/c-3/cancel': { ...inState(sending, 'cancelled'), finishedAt: Date.UTC(2030, 2, 1, 10) },
    });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Autumn tips is paused')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/email/campaigns/c-3/pause')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Autumn tips is sending again')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/email/campaigns/c-3/resume')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Cancel campaign' }));
    const dialog = dialogNamed('Cancel Autumn tips?');
    expect(dialog).toHaveTextContent('The members not mailed yet will never get it.');
    expect(api.callsTo('POST /admin/email/campaigns/c-3/cancel')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    expect(await screen.findByText('Autumn tips is cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/email/campaigns/c-3/cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument());
  });

  it('says why a move was refused', async () => {
    const { user } = renderCampaign(sending, {
      'POST /admin/email/campaigns/c-3/pause': new Response(JSON.stringify({ error: 'The campaign is not sending', code: 'campaign_not_sending' }), { status: 409 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('The campaign could not be changed. The campaign is not sending')).toBeInTheDocument();
  });

  it('shows when a scheduled campaign starts, on its clock and the admin’s, and unschedules it once confirmed', async () => {
    const { api, user } = renderCampaign(scheduled, { 'POST /admin/email/campaigns/c-2/unschedule': inState(scheduled, 'draft') });
    const details = await screen.findByRole('table', { name: 'Campaign details' });
    expect(within(details).getByRole('row', { name: /^Scheduled for/ })).toHaveTextContent(/Saturday, March 2, 2030.+9:00\sAM \(Asia\/Jerusalem\)/);
    const yours = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }).format(scheduled.scheduledAt!);
    expect(within(details).getByRole('row', { name: /^In your timezone/ })).toHaveTextContent(yours);
    expect(within(details).getByRole('row', { name: /^Target groups/ })).toHaveTextContent('VIP customers');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unschedule' }));
    await user.click(within(dialogNamed('Unschedule Summer gala?')).getByRole('button', { name: 'Unschedule' }));
    expect(await screen.findByText('Summer gala is a draft again')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/email/campaigns/c-2/unschedule')).toHaveLength(1);
    // A draft again: its editor.
    expect(await screen.findByRole('form', { name: 'Campaign draft' })).toBeInTheDocument();
  });

  it('shows a sent campaign’s performance, its opens and clicks over time, its clicks per link and its failures with their reasons', async () => {
    renderCampaign(sent);
    expect(await progressBar()).toHaveAttribute('aria-valuenow', '100');
    expect(stat('E-mails sent')).toBe('190');
    expect(stat('Open rate')).toBe('50%');
    expect(stat('Click rate')).toBe('20%');
    expect(stat('Failed')).toBe('6');
    expect(stat('Bounced')).toBe('4');
    expect(screen.getByRole('group', { name: 'Open rate' })).toHaveTextContent('95 members opened it');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    // The chart's figures as a table, for screen readers.
    const overTime = await screen.findByRole('table', { name: 'Opens and clicks over time' });
    expect(within(overTime).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['60', '20'],
      ['35', '18'],
    ]);
    const links = screen.getByRole('table', { name: 'Clicks per link' });
    expect(within(links).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['https://pointe.example/shop', '30'],
      ['https://pointe.example/blog', '8'],
    ]);
    const problems = screen.getByRole('table', { name: 'Failures and bounces' });
    expect(within(problems).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['odile@example.org', 'Bounced', '1', '550 5.1.1 No such user'],
      ['siegfried@example.org', 'Failed', '3', 'Connection refused'],
    ]);
    // The fixture lists 2 of its 10 failures, as the server lists only the first 100.
    expect(screen.getByText('The first 2 of 10.')).toBeInTheDocument();
  });

  it('says when nobody opened or clicked yet, and when the report could not be loaded', async () => {
    renderCampaign({ ...sent, id: 'c-5' }, { 'GET /admin/email/campaigns/c-5/report': { ...sentReport, timeline: [], links: [], problems: [] } });
    expect(await screen.findByText('No opens or clicks yet.')).toBeInTheDocument();
    expect(screen.getByText('No tracked links: the message has none, or tracking was off when it started.')).toBeInTheDocument();
    expect(screen.getByText('No failures or bounces.')).toBeInTheDocument();
  });

  it('reads in Hebrew', async () => {
    await i18n.changeLanguage('he');
    renderCampaign(sending);
    expect(await screen.findByRole('progressbar', { name: 'נמענים שטופלו' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('בשליחה')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'השהיה' })).toBeInTheDocument();
    expect(await screen.findByText('זמן שנותר: 20 שניות')).toBeInTheDocument();
  });

  it('says when the campaign does not exist', async () => {
    renderAdmin('/admin/email/c-0', {
      'GET /admin/email/campaigns/c-0': new Response(JSON.stringify({ error: 'Campaign not found', code: 'campaign_not_found' }), { status: 404 }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Campaign not found');
  });
});
