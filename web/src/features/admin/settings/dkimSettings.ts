import { z } from 'zod/mini';

import { problem, REQUIRED, required } from '../validation';
import { STORED_SECRET } from '../components/SecretInput';

/** The signing domain, the selector and the RSA private key (`********` when one is stored, "" when not). */
export const dkimSettingsSchema = z.object({ domain: z.string(), selector: z.string(), privateKey: z.string() });
export type DkimSettings = z.infer<typeof dkimSettingsSchema>;

/** GET and PUT /api/admin/settings/dkim: the settings, and the TXT record to publish while a valid key is stored. */
export const dkimViewSchema = z.object({
  settings: dkimSettingsSchema,
  dnsRecord: z.nullable(z.object({ name: z.string(), value: z.string() })),
});
export type DkimView = z.infer<typeof dkimViewSchema>;

/** All three empty: signing off. */
export const SIGNING_OFF: DkimSettings = { domain: '', selector: '', privateKey: '' };

/** The stored key goes only with its domain and selector (the server then takes the mask as empty). */
export const KEY_AGAIN = problem('dkim_key_again');

/** The server's limits on the fields' lengths. */
const NAME_MAX = 253;
const KEY_MAX = 10_000;

/** Dot-separated labels of letters, digits, hyphens (and underscores, which the server takes too). */
const DNS_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
/** The PEM headers the server reads: PKCS#1 and PKCS#8 (it then checks that the key is RSA). */
const PEM_KEY = /-----BEGIN (RSA )?PRIVATE KEY-----/;

export const isOff = (values: DkimSettings) => Object.values(values).every((value) => value.trim() === '');

export function toSettings(values: DkimSettings): DkimSettings {
  return { domain: values.domain.trim(), selector: values.selector.trim(), privateKey: values.privateKey.trim() };
}

const dnsName = (value: string) => required(value, NAME_MAX) ?? (DNS_NAME.test(value.trim()) ? undefined : problem('not_a_dns_name'));

/** The server's checks (server/src/email/dkim.rs), with its codes: nothing when all three are empty, else all three. */
export function checkDkim(values: DkimSettings) {
  if (isOff(values)) return {};
  const key = values.privateKey.trim();
  return {
    domain: dnsName(values.domain),
    selector: dnsName(values.selector),
    privateKey: key === '' ? REQUIRED : key === STORED_SECRET || PEM_KEY.test(key) ? required(key, KEY_MAX) : problem('not_a_private_key'),
  };
}

/**
 * The stored key's mask left in a form whose domain or selector is no longer the saved one: the server
 * would take it as empty, so the key must be pasted again.
 */
export function maskMovedAway(values: DkimSettings, stored: DkimSettings): boolean {
  return values.privateKey.trim() === STORED_SECRET && (values.domain.trim() !== stored.domain.trim() || values.selector.trim() !== stored.selector.trim());
}
