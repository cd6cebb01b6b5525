import type { Route } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import type { Inbox, InboxMessage, MailboxSettings, OpenedMessage } from './api';

/** Saved settings, the password stored (masked). */
export const savedSettings: MailboxSettings = { host: 'pop.pointe.example', port: 995, security: 'tls', username: 'bounces', password: '********', checkEveryMinutes: 10 };
/** What the server answers while nothing is saved. */
export const defaultSettings: MailboxSettings = { host: '', port: 995, security: 'tls', username: '', password: '', checkEveryMinutes: 10 };

const unchecked = { spf: null, dkim: null, dmarc: null, reportedBy: null, signed: false };

export const signed: InboxMessage = {
  id: 'uid-signed',
  from: 'Ballet Studio <hello@studio.example>',
  subject: 'Class times',
  date: Date.UTC(2026, 10, 23, 9),
  size: 2048,
  verification: { spf: 'pass', dkim: 'pass', dmarc: 'pass', reportedBy: 'mx.pointe.test', signed: true },
  classification: { kind: 'other', reason: null, service: null },
  bouncedRecipients: null,
};

export const bulk: InboxMessage = {
  id: 'uid-bulk',
  from: 'Shoe Shop <offers@shop.example>',
  subject: '20% off pointe shoes',
  date: Date.UTC(2026, 10, 24, 10),
  size: 512,
  verification: { spf: 'softfail', dkim: 'none', dmarc: 'fail', reportedBy: 'mx.pointe.test', signed: false },
  classification: { kind: 'marketing', reason: 'precedenceBulk', service: null },
  bouncedRecipients: null,
};

export const viaService: InboxMessage = {
  ...bulk,
  id: 'uid-service',
  subject: 'Winter collection',
  classification: { kind: 'marketing', reason: 'sendingService', service: 'Mailchimp' },
};

export const report: InboxMessage = {
  id: 'uid-report',
  from: 'Mail Delivery System <MAILER-DAEMON@mx.example.org>',
  subject: 'Undelivered Mail Returned to Sender',
  date: Date.UTC(2026, 10, 26, 8),
  size: 3_500_000,
  verification: unchecked,
  classification: { kind: 'other', reason: 'deliveryReport', service: null },
  bouncedRecipients: 2,
};

export const personal: InboxMessage = {
  id: 'uid-personal',
  from: 'Anna <anna@example.org>',
  subject: '',
  date: null,
  size: 300,
  verification: unchecked,
  classification: { kind: 'other', reason: null, service: null },
  bouncedRecipients: null,
};

/** The server's page of `messages`. */
export const inboxPage = (messages: InboxMessage[], total = messages.length, page = 1, pageSize = 25): Inbox => ({ total, page, pageSize, messages });

export const openedSigned: OpenedMessage = {
  id: signed.id,
  from: signed.from,
  to: 'mailbox@pointe.test',
  subject: signed.subject,
  date: signed.date,
  verification: signed.verification,
  classification: signed.classification,
  html: '<p>New <b>class</b> times</p>',
  text: null,
  blockedImages: 1,
  dkim: [{ domain: 'studio.example', selector: 'mail', result: 'fail', detail: 'Signature verification failed' }],
};

export const openedPersonal: OpenedMessage = {
  id: personal.id,
  from: personal.from,
  to: 'mailbox@pointe.test',
  subject: personal.subject,
  date: personal.date,
  verification: personal.verification,
  classification: personal.classification,
  html: null,
  text: 'Which size should I take?',
  blockedImages: 0,
  dkim: [],
};

/** The inbox's answer while no mailbox is saved. */
export const notConfigured: Route = () => jsonResponse({ error: 'No POP3 mailbox is configured', code: 'mailbox_not_configured' }, 409);
