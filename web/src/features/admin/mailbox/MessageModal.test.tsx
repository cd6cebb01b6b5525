import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { never, type Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import { dialogNamed } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import { inboxPage, openedPersonal, openedSigned, personal, savedSettings, signed } from './fixtures';
import { MESSAGE_CSP, messageDocument } from './messageFrame';

vi.setConfig({ testTimeout: 20_000 });

function renderInbox(routes: Record<string, Route> = {}) {
  return renderAdmin('/admin/email/pop3', {
    'GET /admin/email/pop3': savedSettings,
    'GET /admin/email/pop3/messages': inboxPage([signed, personal]),
    'GET /admin/email/pop3/messages/uid-signed': openedSigned,
    'GET /admin/email/pop3/messages/uid-personal': openedPersonal,
    ...routes,
  });
}

/** Opens the message whose subject (or stand-in) is `subject` from its row. */
async function open(user: ReturnType<typeof renderInbox>['user'], subject: string) {
  const table = await screen.findByRole('table', { name: 'Inbox' });
  await user.click(await within(table).findByRole('button', { name: subject }));
  return dialogNamed(subject);
}

describe('MessageModal', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the HTML in a frame with no scripts, no origin of its own and a policy that loads nothing from elsewhere', async () => {
    const { api, user } = renderInbox();
    const dialog = await open(user, 'Class times');
    const frame = await within(dialog).findByTitle('Message: Class times');
    expect(frame.tagName).toBe('IFRAME');
    // Empty: every restriction applies (no allow-scripts, no allow-same-origin).
    expect(frame.getAttribute('sandbox')).toBe('');
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'">`);
    expect(document).toContain('<base target="_blank">');
    expect(document).toContain('<p>New <b>class</b> times</p>');
    // The policy comes before the message in the document.
    expect(document.indexOf('Content-Security-Policy')).toBeLessThan(document.indexOf('<p>New'));
    expect(api.callsTo('GET /admin/email/pop3/messages/uid-signed')).toHaveLength(1);

    const details = within(dialog).getByRole('table', { name: 'Message details' });
    expect(details).toHaveTextContent('Ballet Studio <hello@studio.example>');
    expect(details).toHaveTextContent('mailbox@pointe.test');
    expect(within(details).getByText('DMARC: pass')).toBeInTheDocument();
    expect(details).toHaveTextContent('Checked by mx.pointe.test');
    expect(within(details).getByText('Other')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 remote image blocked');
    // This server's own check of the signature can disagree with the receiving server's report.
    expect(dialog).toHaveTextContent('studio.example (mail): fail');
    expect(dialog).toHaveTextContent('Signature verification failed');
  });

  it('shows a message without HTML as its text, and no frame', async () => {
    const { user } = renderInbox();
    const dialog = await open(user, '(no subject)');
    expect(await within(dialog).findByText('Which size should I take?')).toBeInTheDocument();
    expect(dialog.querySelector('iframe')).toBeNull();
    expect(dialog).not.toHaveTextContent('remote image');
    expect(dialog).toHaveTextContent('Not signed');
    expect(dialog).toHaveTextContent('No server reported its checks of this message.');
  });

  it('shows the loader while the message is read, and closes', async () => {
    const { user } = renderInbox({ 'GET /admin/email/pop3/messages/uid-signed': never });
    const dialog = await open(user, 'Class times');
    expect(within(dialog).getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why a message could not be opened, and tries again', async () => {
    const { api, user } = renderInbox({
      'GET /admin/email/pop3/messages/uid-signed': jsonResponse({ error: 'This message is no longer in the mailbox', code: 'mailbox_message_not_found' }, 404),
    });
    const dialog = await open(user, 'Class times');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Opening the e-mail failed');
    expect(alert).toHaveTextContent('This message is no longer in the mailbox');
    api.set('GET /admin/email/pop3/messages/uid-signed', openedSigned);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTitle('Message: Class times')).toBeInTheDocument();
  });
});

describe('messageDocument', () => {
  it('puts the policy and the base target in the head, before the message', () => {
    const html = messageDocument('<p>Hi</p>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`content="${MESSAGE_CSP}"`);
    expect(head).toContain('<base target="_blank">');
    expect(html).toMatch(/<body><p>Hi<\/p><\/body>/);
  });
});
