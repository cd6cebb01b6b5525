import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { refresh } from '../../../lib/queryKeys';
import { ADMIN_KEY, adminKeys } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';
import { PREVIEW_DEBOUNCE_MS } from '../components/preview';
import { postOnce } from '../components/postOnce';
import { testSentSchema } from '../templates';
import { GROUP_FILTERS } from '../users';

const KEY = [...ADMIN_KEY, 'campaigns'] as const;
const LISTS_KEY = [...KEY, 'list'] as const;

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What an admin may do to a campaign: its answer lists those its state allows, and the screens offer no other. */
export const CAMPAIGN_ACTIONS = ['edit', 'schedule', 'unschedule', 'send', 'pause', 'resume', 'cancel', 'delete'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** Who a campaign is for: everyone, or the members of any of the groups (the users list's filters). */
export const TARGET_GROUPS = GROUP_FILTERS;
export type TargetGroup = (typeof TARGET_GROUPS)[number];

/** A campaign under way is read again this often: its progress bar and figures move live. */
const LIVE_REFRESH_MS = 2000;

const scheduleSchema = z.object({ date: z.string(), time: z.string(), timezone: z.string() });
/** When to start, as the admin wrote it: a wall-clock date and time (`YYYY-MM-DD`, `HH:MM`) in an IANA timezone. */
export type Schedule = z.infer<typeof scheduleSchema>;

const performanceSchema = z.object({
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  opened: z.number(),
  clicked: z.number(),
  openRate: z.number(),
  clickRate: z.number(),
});
export type Performance = z.infer<typeof performanceSchema>;

export const campaignRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string(),
  subjects: z.partialRecord(z.enum(LANGUAGES), z.string()),
  groups: z.array(z.enum(TARGET_GROUPS)),
  languages: z.array(z.enum(LANGUAGES)),
  status: z.enum(CAMPAIGN_STATUSES),
  actions: z.array(z.enum(CAMPAIGN_ACTIONS)),
  schedule: z.nullable(scheduleSchema),
  /** The start's instant (epoch ms) of `schedule`. */
  scheduledAt: z.nullable(z.number()),
  /** Why a scheduled start did not happen (the campaign went back to draft). */
  problem: z.nullable(z.object({ code: z.string(), message: z.string(), values: z.optional(z.record(z.string(), z.string())) })),
  /** The members frozen at the start. */
  recipients: z.number(),
  performance: performanceSchema,
  startedAt: z.nullable(z.number()),
  /** The "sent date": when the last recipient was tried. */
  finishedAt: z.nullable(z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type CampaignRecord = z.infer<typeof campaignRecordSchema>;
export type CampaignDraft = Pick<CampaignRecord, 'name' | 'templateId' | 'subjects' | 'groups' | 'languages'>;

export const campaignReportSchema = z.object({
  progress: z.object({ ratePerSecond: z.number(), secondsLeft: z.nullable(z.number()) }),
  bucketMs: z.number(),
  timeline: z.array(z.object({ at: z.number(), opens: z.number(), clicks: z.number() })),
  links: z.array(z.object({ url: z.string(), clicks: z.number() })),
  /** `status` is `failed` or `bounced` (documented as any text). */
  problems: z.array(z.object({ email: z.string(), status: z.string(), attempts: z.number(), error: z.nullable(z.string()) })),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const audienceCountSchema = z.object({ count: z.number() });

/** The editor's choice the audience is counted for. */
export interface AudienceChoice {
  templateId: string | null;
  groups: TargetGroup[];
  languages: Language[];
}

const apiPath = (id: string, action = '') => `/admin/email/campaigns/${encodeURIComponent(id)}${action && `/${action}`}`;

/** The campaigns (all, or those in one status), newest first; read again every 2 s while one is sending. */
export const campaignsQuery = (status: CampaignStatus | 'all') =>
  queryOptions({
    queryKey: [...LISTS_KEY, status],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/email/campaigns${status === 'all' ? '' : `?status=${status}`}`, { schema: z.array(campaignRecordSchema), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.some((campaign) => campaign.status === 'sending') ? LIVE_REFRESH_MS : false),
  });

export const useCampaigns = (status: CampaignStatus | 'all') => useQuery(campaignsQuery(status));

/** One campaign; read again every 2 s while it is sending. */
export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(apiPath(id), { schema: campaignRecordSchema, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? LIVE_REFRESH_MS : false),
  });

export const useCampaign = (id: string) => useQuery(campaignQuery(id));

/** The campaign page's figures: progress, opens and clicks over time, clicks per link, failures. */
export const campaignReportQuery = (campaign: CampaignRecord) =>
  queryOptions({
    queryKey: [...KEY, 'report', campaign.id, campaign.status],
    queryFn: ({ signal }) => apiRequest(apiPath(campaign.id, 'report'), { schema: campaignReportSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: campaign.status === 'sending' ? LIVE_REFRESH_MS : false,
  });

export const useCampaignReport = (campaign: CampaignRecord) => useQuery(campaignReportQuery(campaign));

/** How many members `choice` reaches; nothing is asked without one. */
export const audienceCountQuery = (choice: AudienceChoice | null) =>
  queryOptions({
    queryKey: [...adminKeys.campaignAudiences, choice ?? {}],
    queryFn: ({ signal }) => apiRequest('/admin/email/campaigns/audience', { method: 'POST', body: choice, schema: audienceCountSchema, signal }),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
  });

/**
 * How many members the choice would reach now, counted once the editor's choice has stood still for a
 * moment; `settling` while a newer choice waits for its count. No choice (a group and a language are
 * needed): nothing is asked.
 */
export function useAudienceCount(choice: AudienceChoice | undefined) {
  // Debounced as a string: an object made anew on each render would never settle.
  const current = JSON.stringify(choice ?? null);
  const [settled] = useDebouncedValue(current, PREVIEW_DEBOUNCE_MS);
  const asked = useMemo(() => JSON.parse(settled) as AudienceChoice | null, [settled]);
  const count = useQuery(audienceCountQuery(asked));
  return { count, settling: count.isFetching || settled !== current };
}

/** A write answered with the campaign as it now is: the page shows it at once, and the lists are read again. */
function useCampaignWrite<Variables>(write: (variables: Variables) => Promise<CampaignRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (campaign) => {
      client.setQueryData(campaignQuery(campaign.id).queryKey, campaign);
      await refresh(client, [LISTS_KEY]);
    },
  });
}

/** Creates a draft (no id) or writes over one. */
export function useSaveCampaign() {
  return useCampaignWrite(({ draft, id }: { draft: CampaignDraft; id?: string }) =>
    apiRequest(id === undefined ? '/admin/email/campaigns' : apiPath(id), { method: id === undefined ? 'POST' : 'PUT', body: draft, schema: campaignRecordSchema }),
  );
}

/** The moves of the campaigns' state table the admin makes, by the path of their call. */
export type CampaignMove = { id: string; move: 'unschedule' | 'send' | 'pause' | 'resume' | 'cancel' } | { id: string; move: 'schedule'; schedule: Schedule };

export function useMoveCampaign() {
  return useCampaignWrite((request: CampaignMove) =>
    apiRequest(apiPath(request.id, request.move), { method: 'POST', body: request.move === 'schedule' ? request.schedule : undefined, schema: campaignRecordSchema }),
  );
}

/** Deletes a draft, sent or cancelled campaign with its figures. */
export function useDeleteCampaign() {
  return useRefreshingMutation((campaign: CampaignRecord) => apiRequest(apiPath(campaign.id), { method: 'DELETE' }), [LISTS_KEY]);
}

/** Sends the campaign's message in `lang` as it stands to `to` at once (one attempt: its failure is the answer). */
export const sendCampaignTest = (id: string, to: string, lang: Language) => postOnce(apiPath(id, 'test'), { to, lang }, testSentSchema);
