import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { never, type ApiCall, type Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { InboxMessage } from './api';
import { bulk, inboxPage, notConfigured, personal, report, savedSettings, signed, viaService } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const ALL = [report, viaService, bulk, signed, personal];

function renderInbox(routes: Record<string, Route> = {}) {
  return renderAdmin('/admin/email/pop3', {
    'GET /admin/email/pop3': savedSettings,
    'GET /admin/email/pop3/messages': inboxPage(ALL),
    ...routes,
  });
}

const inboxRegion = () => screen.findByRole('region', { name: 'Inbox' });
const table = () => screen.findByRole('table', { name: 'Inbox' });
/** The row of the message whose subject (or stand-in) is `subject`. */
const rowOf = async (subject: string) => (await within(await table()).findByRole('button', { name: subject })).closest('tr')!;
const query = (call: ApiCall | undefined) => Object.fromEntries(new URLSearchParams(call?.path.split('?')[1]));

describe('InboxCard', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the messages with sender, date, size, the three checks and the classification in words', async () => {
    const { api } = renderInbox();
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(query(api.callsTo('GET /admin/email/pop3/messages')[0])).toEqual({ page: '1', pageSize: '25' });

    const signedRow = await rowOf('Class times');
    expect(signedRow).toHaveTextContent('Ballet Studio <hello@studio.example>');
    expect(signedRow).toHaveTextContent(new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(signed.date!));
    expect(signedRow).toHaveTextContent('2 kB');
    for (const check of ['SPF: pass', 'DKIM: pass', 'DMARC: pass', 'DKIM-signed', 'Other']) expect(within(signedRow).getByText(check)).toBeInTheDocument();

    const bulkRow = await rowOf('20% off pointe shoes');
    for (const check of ['SPF: soft fail', 'DKIM: none', 'DMARC: fail', 'Marketing email', 'Precedence: bulk']) expect(within(bulkRow).getByText(check)).toBeInTheDocument();
    expect(within(bulkRow).queryByText('DKIM-signed')).not.toBeInTheDocument();
    expect(within(await rowOf('Winter collection')).getByText('sent through Mailchimp')).toBeInTheDocument();

    const reportRow = await rowOf('Undelivered Mail Returned to Sender');
    expect(within(reportRow).getByText('delivery report (bounce)')).toBeInTheDocument();
    expect(within(reportRow).getByText('2 recipients marked bounced')).toBeInTheDocument();
    expect(reportRow).toHaveTextContent('3.5 MB');

    // No subject, no date, no checks reported.
    const personalRow = await rowOf('(no subject)');
    expect(within(personalRow).getByText('SPF: not reported')).toBeInTheDocument();
    expect(within(personalRow).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(within(personalRow).getByRole('button', { name: 'Delete (no subject)' })).toBeInTheDocument();
  });

  it('speaks the admin’s language, right to left in Hebrew', async () => {
    await i18n.changeLanguage('he');
    renderInbox({ 'GET /admin/email/pop3/messages': inboxPage([bulk]) });
    const region = await screen.findByRole('region', { name: 'דואר נכנס' });
    const row = (await within(region).findByRole('button', { name: '20% off pointe shoes' })).closest('tr')!;
    for (const text of ['SPF: כישלון רך', 'DMARC: נכשל', 'אימייל שיווקי']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('pages through the mailbox on the server', async () => {
    const firstPage = Array.from({ length: 25 }, (_, index) => ({ ...signed, id: `uid-${index}`, subject: `Class ${index + 1}` }));
    const { api, user } = renderInbox({ 'GET /admin/email/pop3/messages': (call: ApiCall) => inboxPage(query(call).page === '2' ? [personal] : firstPage, 26) });
    await rowOf('Class 25');
    expect(screen.getByText('1–25 of 26')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await rowOf('(no subject)')).toBeInTheDocument();
    expect(screen.getByText('26–26 of 26')).toBeInTheDocument();
    expect(query(api.callsTo('GET /admin/email/pop3/messages').at(-1))).toEqual({ page: '2', pageSize: '25' });
  });

  it('asks to configure the mailbox first, without calling it an error', async () => {
    renderInbox({ 'GET /admin/email/pop3/messages': notConfigured });
    const region = await inboxRegion();
    expect(await within(region).findByText('No mailbox yet')).toBeInTheDocument();
    expect(region).toHaveTextContent('Configure the mailbox first: fill in the settings above and save them.');
    expect(within(region).getByRole('status')).toHaveTextContent('No mailbox yet');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the mailbox is empty', async () => {
    renderInbox({ 'GET /admin/email/pop3/messages': inboxPage([]) });
    expect(await within(await inboxRegion()).findByText('The mailbox is empty.')).toBeInTheDocument();
  });

  it('shows the placeholder rows while the mailbox is read', async () => {
    renderInbox({ 'GET /admin/email/pop3/messages': never });
    expect(await within(await inboxRegion()).findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('says why the e-mails could not be fetched, asked once, and tries again on demand', async () => {
    const { api, user } = renderInbox({
      'GET /admin/email/pop3/messages': jsonResponse(
        { error: 'The e-mails could not be fetched: Connection refused (os error 111)', code: 'mailbox_fetch_failed', values: { reason: 'Connection refused (os error 111)' } },
        502,
      ),
    });
    const region = await inboxRegion();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Fetching the e-mails failed');
    expect(alert).toHaveTextContent('The e-mails could not be fetched: Connection refused (os error 111)');
    // The POP3 server's trouble is not asked again and again behind the admin's back.
    expect(api.callsTo('GET /admin/email/pop3/messages')).toHaveLength(1);

    api.set('GET /admin/email/pop3/messages', inboxPage([signed]));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Class times')).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the mailbox again on Refresh', async () => {
    const { api, user } = renderInbox({ 'GET /admin/email/pop3/messages': inboxPage([signed]) });
    await rowOf('Class times');
    api.set('GET /admin/email/pop3/messages', inboxPage([bulk, signed]));
    await user.click(within(await inboxRegion()).getByRole('button', { name: 'Refresh' }));
    expect(await rowOf('20% off pointe shoes')).toBeInTheDocument();
  });

  it('deletes a message once confirmed, says so, and reads the mailbox again', async () => {
    let messages: InboxMessage[] = [bulk, signed];
    const { api, user } = renderInbox({
      'GET /admin/email/pop3/messages': () => inboxPage(messages),
      'DELETE /admin/email/pop3/messages/uid-bulk': () => {
        messages = [signed];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(within(await rowOf('20% off pointe shoes')).getByRole('button', { name: 'Delete 20% off pointe shoes' }));
    const dialog = dialogNamed('Delete this e-mail?');
    expect(dialog).toHaveTextContent('“20% off pointe shoes” from Shoe Shop <offers@shop.example> is deleted from the mailbox for good.');
    expect(api.callsTo('DELETE /admin/email/pop3/messages/uid-bulk')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('E-mail “20% off pointe shoes” deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /admin/email/pop3/messages/uid-bulk')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: '20% off pointe shoes' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Class times' })).toBeInTheDocument();
  });

  it('says in a toast why a delete failed, and shows what is left', async () => {
    const { api, user } = renderInbox({
      'GET /admin/email/pop3/messages': inboxPage([bulk]),
      'DELETE /admin/email/pop3/messages/uid-bulk': jsonResponse({ error: 'This message is no longer in the mailbox', code: 'mailbox_message_not_found' }, 404),
    });
    await user.click(within(await rowOf('20% off pointe shoes')).getByRole('button', { name: 'Delete 20% off pointe shoes' }));
    api.set('GET /admin/email/pop3/messages', inboxPage([]));
    await user.click(within(dialogNamed('Delete this e-mail?')).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Deleting the e-mail failed: This message is no longer in the mailbox')).closest<HTMLElement>('[role="alert"]');
    expect(toast).not.toBeNull();
    expect(await within(await inboxRegion()).findByText('The mailbox is empty.')).toBeInTheDocument();
  });
});
