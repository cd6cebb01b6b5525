import { between, problem, required } from '../validation';
import { STORED_SECRET } from '../components/SecretInput';
import { SECURITIES, type MailboxSettings, type Security } from './api';

/** The form's values as typed (numbers too, so an out-of-range one shows its error). */
export type MailboxValues = {
  host: string;
  port: string;
  security: string;
  username: string;
  password: string;
  checkEveryMinutes: string;
};

/** The stored password goes only to the server and user it was given for (the server then takes the mask as empty). */
export const PASSWORD_AGAIN = problem('password_again');

/** The usual port of each security: changing the security moves a port left at another's default. */
export const DEFAULT_PORTS: Record<Security, number> = { tls: 995, starttls: 110, none: 110 };

export function toValues(settings: MailboxSettings): MailboxValues {
  return { ...settings, port: String(settings.port), checkEveryMinutes: String(settings.checkEveryMinutes) };
}

export function toSettings(values: MailboxValues): MailboxSettings {
  return {
    host: values.host.trim(),
    port: Number(values.port),
    security: SECURITIES.find((security) => security === values.security) ?? 'tls',
    username: values.username.trim(),
    // As typed: a password may begin or end with a space.
    password: values.password,
    checkEveryMinutes: Number(values.checkEveryMinutes),
  };
}

/** The server's checks (server/src/newsletter/mailbox/settings.rs), with its codes. */
export function checkMailbox(values: MailboxValues) {
  const host = values.host.trim();
  return {
    host: required(host, 253) ?? (/[\s/]/.test(host) ? problem('not_a_server_name') : undefined),
    port: between(Number(values.port || NaN), 1, 65535),
    username: required(values.username, 200),
    password: required(values.password, 500),
    checkEveryMinutes: between(Number(values.checkEveryMinutes || NaN), 1, 1440),
  };
}

/**
 * The stored password's mask left in a form whose server or user name is no longer the saved one: the
 * server would take it as empty, so the password must be typed again.
 */
export function maskMovedAway(values: MailboxValues, saved: MailboxValues): boolean {
  return values.password === STORED_SECRET && (values.host.trim() !== saved.host.trim() || values.username.trim() !== saved.username.trim());
}
