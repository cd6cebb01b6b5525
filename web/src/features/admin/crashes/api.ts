import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { ADMIN_KEY, adminKeys } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';

const KEY = [...ADMIN_KEY, 'crashes'] as const;

export const CRASH_STATUSES = ['new', 'resolved', 'ignored'] as const;
export type CrashStatus = (typeof CRASH_STATUSES)[number];

const crashGroupSchema = z.object({
  id: z.string(),
  message: z.string(),
  status: z.enum(CRASH_STATUSES),
  occurrences: z.number(),
  users: z.number(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  browsers: z.array(z.string()),
});
export type CrashGroup = z.infer<typeof crashGroupSchema>;

/** A page of groups, and the reports refused over the last seven days because a daily budget was spent. */
export const crashPageSchema = z.object({
  groups: z.array(crashGroupSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  droppedThisWeek: z.number(),
});

const frameSchema = z.object({
  function: z.string(),
  url: z.string(),
  line: z.number(),
  column: z.number(),
  original: z.nullable(
    z.object({ file: z.string(), line: z.number(), column: z.number(), name: z.nullable(z.string()), code: z.nullable(z.string()) }),
  ),
});
export type StackFrame = z.infer<typeof frameSchema>;

const occurrenceSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  userId: z.nullable(z.string()),
  message: z.string(),
  url: z.string(),
  userAgent: z.string(),
  browser: z.string(),
  lang: z.string(),
  release: z.string(),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

export const crashDetailSchema = z.object({
  group: crashGroupSchema,
  frames: z.array(frameSchema),
  stack: z.nullable(z.string()),
  componentStack: z.nullable(z.string()),
  occurrences: z.array(occurrenceSchema),
  urls: z.array(z.object({ url: z.string(), count: z.number() })),
});
export type CrashDetail = z.infer<typeof crashDetailSchema>;

/** The list's filters: a status (or every one) and words of the message. */
export interface CrashFilters {
  status: CrashStatus | 'all';
  search: string;
}

export const UNRESOLVED: CrashFilters = { status: 'new', search: '' };

function crashParams({ status, search }: CrashFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (search.trim()) params.set('search', search.trim());
  return params;
}

/** One page of crash groups, last seen first; while another page loads, the last one stays on screen. */
export function crashesQuery(filters: CrashFilters, page: number, pageSize: number) {
  const params = crashParams(filters);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return queryOptions({
    queryKey: [...KEY, 'page', filters, page, pageSize],
    queryFn: ({ signal }) => apiRequest(`/admin/crashes?${params}`, { schema: crashPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useCrashes = (filters: CrashFilters, page: number, pageSize: number) => useQuery(crashesQuery(filters, page, pageSize));

export const crashQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/admin/crashes/${encodeURIComponent(id)}`, { schema: crashDetailSchema, signal }),
  });

export const useCrash = (id: string) => useQuery(crashQuery(id));

export type BulkAction = 'resolve' | 'ignore' | 'reopen' | 'delete';

/** Acts on groups; the list, the dashboard's count and the open group are read again. */
export function useCrashAction() {
  return useRefreshingMutation(
    ({ ids, action }: { ids: readonly string[]; action: BulkAction }) =>
      apiRequest('/admin/crashes/bulk', { method: 'POST', body: { ids, action }, schema: z.object({ changed: z.number() }) }),
    [KEY, adminKeys.overview],
  );
}

export const exportCrashes = (filters: CrashFilters) => downloadFile(`/admin/crashes/export?${crashParams(filters)}`, 'crash-reports.csv');
