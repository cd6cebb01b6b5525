import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { refresh } from '../../../lib/queryKeys';
import { ADMIN_KEY, adminKeys } from '../queryKeys';

const KEY = [...ADMIN_KEY, 'suppressions'] as const;

/** The suppression list's calls (server/src/newsletter/suppressions.rs), for staff with the `email` permission. */
const SUPPRESSIONS_PATH = '/admin/suppressions';

export const suppressionSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  /** When the address bounced for good, epoch ms. */
  bouncedAt: z.number(),
  /** The remote mail server's words in the delivery report, as they came. */
  reason: z.nullable(z.string()),
  /** The campaign whose message came back. */
  campaignName: z.nullable(z.string()),
});
export type Suppression = z.infer<typeof suppressionSchema>;

/** A page of the list, the latest bounce first (25 a page). */
export const suppressionPageSchema = z.object({ suppressions: z.array(suppressionSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type SuppressionPage = z.infer<typeof suppressionPageSchema>;

export const liftedSchema = z.object({ lifted: z.boolean() });

/** A page of the suppressed members; the last page stays on screen while another one comes. */
export const suppressionsQuery = (page: number) =>
  queryOptions({
    queryKey: [...KEY, page],
    queryFn: ({ signal }) => apiRequest(`${SUPPRESSIONS_PATH}?page=${page}`, { schema: suppressionPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useSuppressions = (page: number) => useQuery(suppressionsQuery(page));

/** What a lift changes: the list, the members' bounced marks and the campaigns' audiences. */
const LIFT_VIEWS = [KEY, adminKeys.users, adminKeys.campaignAudiences];

/**
 * Lets campaigns reach a member again (audited by the server). The views are read again whether it was
 * lifted or found lifted already (404: another admin, or the member subscribing again).
 */
export function useLiftSuppression() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(`${SUPPRESSIONS_PATH}/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: liftedSchema }),
    onSettled: () => refresh(client, LIFT_VIEWS),
  });
}
