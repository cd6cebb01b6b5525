import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';

export const subscriptionSchema = z.object({
  /** The member's address, partly hidden. */
  email: z.string(),
  unsubscribed: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const unsubscribedSchema = z.object({ unsubscribed: z.boolean() });

const query = (token: string) => `?token=${encodeURIComponent(token)}`;

/** Whom the e-mail's link names, and whether they have left the list already. */
export function fetchSubscription(token: string, signal?: AbortSignal): Promise<Subscription> {
  return apiRequest(`/email/subscription${query(token)}`, { schema: subscriptionSchema, signal });
}

/** Leaves the list: no more newsletters, offers or announcements. */
export function unsubscribe(token: string): Promise<unknown> {
  return apiRequest(`/email/unsubscribe${query(token)}`, { method: 'POST', schema: unsubscribedSchema });
}
