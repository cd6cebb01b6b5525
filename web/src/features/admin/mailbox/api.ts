import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest, callOnce } from '../../../api/client';
import type { Method } from '../../../api/transport';
import { refresh } from '../../../lib/queryKeys';
import { ADMIN_KEY } from '../queryKeys';
import { postOnce } from '../components/postOnce';

const KEY = [...ADMIN_KEY, 'mailbox'] as const;
/** The inbox's pages and opened messages, both read from the mailbox. */
const INBOX_KEY = [...KEY, 'inbox'] as const;

/** The screen's calls (server/src/newsletter/mailbox/), all the admin's alone. */
const SETTINGS_PATH = '/admin/email/pop3';
const MESSAGES_PATH = `${SETTINGS_PATH}/messages`;
const messagePath = (id: string) => `${MESSAGES_PATH}/${encodeURIComponent(id)}`;

/** The stable codes of the inbox's answers the screen tells apart. */
export const NOT_CONFIGURED = 'mailbox_not_configured';
export const MESSAGE_GONE = 'mailbox_message_not_found';

export const SECURITIES = ['tls', 'starttls', 'none'] as const;
export type Security = (typeof SECURITIES)[number];

export const mailboxSettingsSchema = z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(SECURITIES),
  username: z.string(),
  /** `********` when one is stored (sent back as it is, it keeps the stored one for the same server and user). */
  password: z.string(),
  checkEveryMinutes: z.number(),
});
export type MailboxSettings = z.infer<typeof mailboxSettingsSchema>;

/** Why the connection test could not sign in, by kind. */
export const FAILURES = ['nameNotFound', 'refused', 'timeout', 'tls', 'credentials', 'noStarttls', 'protocol'] as const;
export type Failure = (typeof FAILURES)[number];

export const connectionTestSchema = z.object({
  connected: z.boolean(),
  messages: z.nullable(z.number()),
  failure: z.nullable(z.enum(FAILURES)),
  /** The mail server's or the system's own words. */
  detail: z.nullable(z.string()),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** A check's result as the receiving server reported it in Authentication-Results (RFC 8601). */
export const AUTH_RESULTS = ['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror', 'policy'] as const;
export type AuthResult = (typeof AUTH_RESULTS)[number];

export const verificationSchema = z.object({
  spf: z.nullable(z.enum(AUTH_RESULTS)),
  dkim: z.nullable(z.enum(AUTH_RESULTS)),
  dmarc: z.nullable(z.enum(AUTH_RESULTS)),
  /** The server that wrote the results. */
  reportedBy: z.nullable(z.string()),
  /** The message has a DKIM-Signature header. */
  signed: z.boolean(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const KINDS = ['marketing', 'other'] as const;
export const REASONS = ['ownCampaign', 'listUnsubscribe', 'listId', 'precedenceBulk', 'sendingService', 'deliveryReport'] as const;
export type Reason = (typeof REASONS)[number];

export const classificationSchema = z.object({
  kind: z.enum(KINDS),
  reason: z.nullable(z.enum(REASONS)),
  /** The sending service's name, for `sendingService`. */
  service: z.nullable(z.string()),
});
export type Classification = z.infer<typeof classificationSchema>;

export const inboxMessageSchema = z.object({
  /** The POP3 unique id. */
  id: z.string(),
  from: z.string(),
  subject: z.string(),
  /** The Date header, epoch ms. */
  date: z.nullable(z.number()),
  /** Bytes. */
  size: z.number(),
  verification: verificationSchema,
  classification: classificationSchema,
  /** For a delivery report: the campaign recipients it marked bounced. */
  bouncedRecipients: z.nullable(z.number()),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), messages: z.array(inboxMessageSchema) });
export type Inbox = z.infer<typeof inboxSchema>;

export const openedMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.nullable(z.number()),
  verification: verificationSchema,
  classification: classificationSchema,
  /** Sanitised by the server (no scripts, no remote images); shown only in a sandboxed frame. */
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
  /** How many remote images the server removed. */
  blockedImages: z.number(),
  /** Each DKIM signature as this server verified it against the key in DNS. */
  dkim: z.array(z.object({ domain: z.string(), selector: z.string(), result: z.enum(AUTH_RESULTS), detail: z.nullable(z.string()) })),
});
export type OpenedMessage = z.infer<typeof openedMessageSchema>;

/**
 * A call that reaches the mailbox goes in one attempt: its 502 is the POP3 server's trouble (each retry a
 * new session of up to 10 s while the admin waits), which the screen shows with a way to try again.
 */
const mailboxCall = <T>(method: Method, path: string, schema?: z.ZodMiniType<T>, signal?: AbortSignal) =>
  callOnce({ method, path }, schema, signal);

/** The stored settings (the defaults while none are saved; the password masked). */
export const mailboxSettingsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'settings'],
    queryFn: ({ signal }) => apiRequest(SETTINGS_PATH, { schema: mailboxSettingsSchema, signal }),
  });

export const useMailboxSettings = () => useQuery(mailboxSettingsQuery());

/**
 * Saves the settings; the card keeps the answer (masked), and the inbox is read again from the mailbox
 * saved (not awaited: reading a mailbox may take seconds, the save is done).
 */
export function useSaveMailboxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: MailboxSettings) => apiRequest(SETTINGS_PATH, { method: 'PUT', body: settings, schema: mailboxSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(mailboxSettingsQuery().queryKey, saved);
      void refresh(client, [INBOX_KEY]);
    },
  }).mutateAsync;
}

/** Signs in with the form's values as they stand (unsaved) and counts the messages, in one attempt. */
export const testMailboxConnection = (settings: MailboxSettings) => postOnce(`${SETTINGS_PATH}/test`, settings, connectionTestSchema);

/** A page of the inbox, newest first; the last page stays on screen while another one comes. */
export const inboxQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...INBOX_KEY, page, pageSize],
    queryFn: ({ signal }) => mailboxCall('GET', `${MESSAGES_PATH}?page=${page}&pageSize=${pageSize}`, inboxSchema, signal),
    placeholderData: keepPreviousData,
  });

export const useInbox = (page: number, pageSize: number) => useQuery(inboxQuery(page, pageSize));

/** One message, read whole; nothing is asked without an id. */
export const mailboxMessageQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: [...INBOX_KEY, 'message', id ?? ''],
    queryFn: ({ signal }) => mailboxCall('GET', messagePath(id ?? ''), openedMessageSchema, signal),
    enabled: id !== undefined,
  });

export const useMailboxMessage = (id: string | undefined) => useQuery(mailboxMessageQuery(id));

/** Deletes a message from the mailbox; the inbox is read again whether it went or was already gone. */
export function useDeleteMailboxMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => mailboxCall<undefined>('DELETE', messagePath(id)),
    onSettled: () => refresh(client, [INBOX_KEY]),
  });
}
