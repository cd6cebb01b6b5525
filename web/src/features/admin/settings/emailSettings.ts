import { z } from 'zod/mini';

import { email } from '../../../lib/form/validation';
import type { Problem } from '../../../api/errors';
import { problem, REQUIRED, between } from '../validation';

export const PROVIDERS = ['smtp', 'sendgrid', 'mailgun', 'ses', 'pop3', 'others'] as const;
export type Provider = (typeof PROVIDERS)[number];

const emailSettingsSchema = z.object({
  provider: z.enum(PROVIDERS),
  fromAddress: z.string(),
  smtp: z.object({ host: z.string(), port: z.number(), security: z.enum(['none', 'starttls', 'tls']), username: z.string(), password: z.string() }),
  sendgrid: z.object({ apiKey: z.string() }),
  mailgun: z.object({ domain: z.string(), region: z.enum(['us', 'eu']), apiKey: z.string() }),
  ses: z.object({ region: z.string(), username: z.string(), password: z.string() }),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** GET and PUT /api/admin/settings/email; `fallback` says where mail goes while nothing is saved. */
export const emailAnswerSchema = z.object({ saved: z.boolean(), fallback: z.string(), settings: emailSettingsSchema });

const SMTP_FIELDS = ['smtp.host', 'smtp.port', 'smtp.security', 'smtp.username', 'smtp.password'];

/** The fields each provider needs (pop3 and others send through an SMTP server too). */
export const PROVIDER_FIELDS: Record<Provider, string[]> = {
  smtp: SMTP_FIELDS,
  pop3: SMTP_FIELDS,
  others: SMTP_FIELDS,
  sendgrid: ['sendgrid.apiKey'],
  mailgun: ['mailgun.domain', 'mailgun.region', 'mailgun.apiKey'],
  ses: ['ses.region', 'ses.username', 'ses.password'],
};

/** Secrets: shown as ******** when stored. */
export const SECRET_FIELDS = new Set(['smtp.password', 'sendgrid.apiKey', 'mailgun.apiKey', 'ses.password']);

/** An SMTP server may take mail without signing in; the APIs cannot. */
const REQUIRED_FIELDS = new Set(['smtp.host', 'sendgrid.apiKey', 'mailgun.domain', 'mailgun.apiKey', 'ses.region', 'ses.username', 'ses.password']);

export type EmailValues = Record<string, string>;

export function flatten(settings: EmailSettings): EmailValues {
  const { provider, fromAddress, ...groups } = settings;
  const values: EmailValues = { provider, fromAddress };
  for (const [group, fields] of Object.entries(groups)) {
    for (const [name, value] of Object.entries(fields)) values[`${group}.${name}`] = String(value);
  }
  return values;
}

export function toSettings(values: EmailValues): EmailSettings {
  const value = (name: string) => (values[name] ?? '').trim();
  // Secrets are sent as typed: a password may begin or end with a space.
  const secret = (name: string) => values[name] ?? '';
  return {
    provider: value('provider') as Provider,
    fromAddress: value('fromAddress'),
    smtp: {
      host: value('smtp.host'),
      port: Number(value('smtp.port')),
      security: value('smtp.security') as EmailSettings['smtp']['security'],
      username: value('smtp.username'),
      password: secret('smtp.password'),
    },
    sendgrid: { apiKey: secret('sendgrid.apiKey') },
    mailgun: { domain: value('mailgun.domain'), region: value('mailgun.region') as EmailSettings['mailgun']['region'], apiKey: secret('mailgun.apiKey') },
    ses: { region: value('ses.region'), username: value('ses.username'), password: secret('ses.password') },
  };
}

/** An address, or a name and an address in angle brackets. */
function fromAddress(raw: string): Problem | undefined {
  const value = raw.trim();
  if (value === '') return REQUIRED;
  const named = /^[^<>]*<([^<>]+)>$/.exec(value);
  return email(named ? (named[1] ?? '') : value) ? problem('not_a_from_address') : undefined;
}

/** The checks of the chosen provider's fields (the others are kept as they are, unchecked). */
export function checkEmail(values: EmailValues) {
  const errors: Record<string, Problem | undefined> = { fromAddress: fromAddress(values.fromAddress ?? '') };
  for (const name of PROVIDER_FIELDS[values.provider as Provider] ?? []) {
    const value = (values[name] ?? '').trim();
    if (REQUIRED_FIELDS.has(name) && value === '') errors[name] = REQUIRED;
    if (name === 'smtp.port') errors[name] = between(Number(value || NaN), 1, 65535);
  }
  return errors;
}
