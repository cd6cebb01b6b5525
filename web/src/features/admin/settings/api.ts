import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';

import { apiRequest, callOnce } from '../../../api/client';
import { errorFromAnswer, serverErrorText } from '../../../api/errors';
import { queryKeys } from '../../../lib/queryKeys';

/** What the server shows in place of a stored secret; sending it back keeps the secret. */
export const STORED_SECRET = '********';

/** The settings groups under /api/admin/settings/, one card each. */
export type SettingsName = 'site' | 'email' | 'analytics' | 'analytics-collection' | 'ai-models' | 'ai-providers' | 'bot-check' | 'audit' | 'social-embeds' | 'campaign-sending' | 'dkim';

/** A settings group as stored (GET /api/admin/settings/{name}). */
export function useSettings<T>(name: SettingsName, schema: z.ZodMiniType<T>) {
  return useQuery({
    queryKey: queryKeys.admin.settings(name),
    queryFn: ({ signal }) => apiRequest(`/admin/settings/${name}`, { schema, signal }),
  });
}

/** Saves a settings group (PUT, answered with the stored settings) and keeps the card's copy on the answer. */
export function useSaveSettings<T>(name: SettingsName, schema: z.ZodMiniType<T>): (body: unknown) => Promise<T> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiRequest(`/admin/settings/${name}`, { method: 'PUT', body, schema }),
    onSuccess: (saved) => client.setQueryData(queryKeys.admin.settings(name), saved),
  }).mutateAsync;
}

/**
 * Sends a test e-mail with the saved settings. Its 502 answer is the mail server's refusal, which the
 * client's retries on 5xx would only repeat (each a new try at sending) while the admin waits.
 */
export async function sendTestEmail(to: string): Promise<void> {
  const answer = await postOnce('/admin/settings/email/test', { to });
  if (serverErrorText(answer) !== undefined) throw errorFromAnswer(answer, 200);
}

/** POSTs a test (an e-mail, an AI question) in one attempt: its failure is what the admin wants to see. */
export function postOnce<T = unknown>(path: string, body: unknown, schema?: z.ZodMiniType<T>): Promise<T> {
  return callOnce({ method: 'POST', path, body }, schema);
}
