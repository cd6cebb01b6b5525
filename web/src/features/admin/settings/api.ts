import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { errorFromAnswer, serverErrorText } from '../../../api/errors';
import { postOnce } from '../components/postOnce';
import { ADMIN_KEY } from '../queryKeys';

/** The settings groups under /api/admin/settings/, one card each. */
export type SettingsName = 'site' | 'email' | 'analytics' | 'analytics-collection' | 'ai-models' | 'ai-providers' | 'bot-check' | 'audit' | 'social-embeds' | 'campaign-sending' | 'dkim';

export const settingsKey = (name: SettingsName) => [...ADMIN_KEY, 'settings', name] as const;

/** A settings group as stored (GET /api/admin/settings/{name}). */
export const settingsQuery = <T>(name: SettingsName, schema: z.ZodMiniType<T>) =>
  queryOptions({
    queryKey: settingsKey(name),
    queryFn: ({ signal }) => apiRequest(`/admin/settings/${name}`, { schema, signal }),
  });

export const useSettings = <T>(name: SettingsName, schema: z.ZodMiniType<T>) => useQuery(settingsQuery(name, schema));

/** Saves a settings group (PUT, answered with the stored settings) and keeps the card's copy on the answer. */
export function useSaveSettings<T>(name: SettingsName, schema: z.ZodMiniType<T>): (body: unknown) => Promise<T> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiRequest(`/admin/settings/${name}`, { method: 'PUT', body, schema }),
    onSuccess: (saved) => client.setQueryData(settingsQuery(name, schema).queryKey, saved),
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
