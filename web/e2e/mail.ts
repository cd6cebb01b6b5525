import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { expect } from '@playwright/test';

/** The Maildir the test SMTP server (aiosmtpd) delivers into; `make e2e` sets it. */
const MAILDIR = process.env.E2E_MAILDIR ?? '../data/e2e-mail';

/** Undoes a MIME body's transfer encoding (lettre uses 7bit, quoted-printable or base64). */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain (or text/html) part of a raw message (a multipart one, or a plain one). */
function textPart(raw: string, subtype: 'plain' | 'html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*text/${subtype}`, 'i').test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    return decodeBody(rest.join('\n\n'), encoding);
  }
  throw new Error(`The message has no text/${subtype} part`);
}

/**
 * The subject of the welcome mail the member-mail spec switches on for a while. Other specs count an
 * address's messages (the n-th holds the code), so welcome mails are left out of those counts.
 */
export const WELCOME_SUBJECT = 'Welcome to the studio';
const isWelcome = (raw: string) => new RegExp(`^subject:\\s*${WELCOME_SUBJECT}`, 'im').test(raw.split(/\r?\n\r?\n/)[0] ?? '');

/** Every message delivered to `address` so far, oldest first, as it came; welcome mails only if asked. */
async function messagesTo(address: string, welcome = false): Promise<string[]> {
  const folder = join(MAILDIR, 'new');
  // Maildir names start with the delivery time: "<seconds>.M<microseconds>P<pid>Q<n>.<host>".
  const deliveredAt = (name: string) => {
    const [, seconds = '0', micros = '0'] = /^(\d+)\.M(\d+)/.exec(name) ?? [];
    return Number(seconds) * 1e6 + Number(micros);
  };
  const names = (await readdir(folder).catch(() => [] as string[])).sort((a, b) => deliveredAt(a) - deliveredAt(b));
  const messages = await Promise.all(names.map(async (name) => readFile(join(folder, name), 'utf8')));
  const to = (raw: string) => /^to:\s*(.*)$/im.exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1] ?? '';
  return messages.filter((raw) => to(raw).toLowerCase().includes(address.toLowerCase()) && isWelcome(raw) === welcome);
}

/** Waits for the `count`-th message to `address` and returns its text (or, with `html`, its HTML). */
export async function waitForMail(address: string, count = 1, subtype: 'plain' | 'html' = 'plain'): Promise<string> {
  let found: string[] = [];
  await expect.poll(async () => (found = await messagesTo(address)).length, { timeout: 30_000, message: `mail #${count} to ${address}` }).toBeGreaterThanOrEqual(count);
  return textPart(found[count - 1]!, subtype);
}

/** Waits for the welcome mail to `address` and returns its text. */
export async function waitForWelcome(address: string): Promise<string> {
  let found: string[] = [];
  await expect.poll(async () => (found = await messagesTo(address, true)).length, { timeout: 30_000, message: `welcome mail to ${address}` }).toBeGreaterThanOrEqual(1);
  return textPart(found[0]!, 'plain');
}

/** The 6-digit code in the `count`-th message to `address`. */
export async function waitForCode(address: string, count = 1): Promise<string> {
  const text = await waitForMail(address, count);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
}
