import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { adminKeys } from '../queryKeys';

const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  userId: z.nullable(z.string()),
  username: z.nullable(z.string()),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.nullable(z.string()),
  ip: z.string(),
  userAgent: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  actions: z.array(z.string()),
  resourceTypes: z.array(z.string()),
});

/** The log's filters as the form holds them; dates are the chosen local days (YYYY-MM-DD), both included. */
export interface AuditFilters {
  action: string;
  resourceType: string;
  userId: string;
  startDate: string;
  endDate: string;
}

export const NO_FILTERS: AuditFilters = { action: '', resourceType: '', userId: '', startDate: '', endDate: '' };

/** The start of a local day `days` after `date` (YYYY-MM-DD), in epoch ms; undefined for no date. */
export function localDayStart(date: string, days = 0): number | undefined {
  const found = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!found) return undefined;
  const [year, month, day] = found.slice(1).map(Number) as [number, number, number];
  return new Date(year, month - 1, day + days).getTime();
}

/** The query string of the filters: `from` the start of the start day, `to` the start of the day after the end day. */
export function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  const { action, resourceType, userId, startDate, endDate } = filters;
  if (action) params.set('action', action);
  if (resourceType) params.set('resourceType', resourceType);
  if (userId.trim()) params.set('userId', userId.trim());
  const from = localDayStart(startDate);
  const to = localDayStart(endDate, 1);
  if (from !== undefined) params.set('from', String(from));
  if (to !== undefined) params.set('to', String(to));
  return params;
}

/** One page of the log, newest first; while another page loads, the last one stays on screen. */
export function auditLogsQuery(filters: AuditFilters, page: number, pageSize: number) {
  const params = auditParams(filters);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return queryOptions({
    queryKey: [...adminKeys.auditLogs, filters, page, pageSize],
    queryFn: ({ signal }) => apiRequest(`/admin/audit-logs?${params}`, { schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useAuditLogs = (filters: AuditFilters, page: number, pageSize: number) => useQuery(auditLogsQuery(filters, page, pageSize));

/** Saves the entries the filters leave as CSV. */
export const exportAuditLogs = (filters: AuditFilters) => downloadFile(`/admin/audit-logs/export?${auditParams(filters)}`, 'audit-logs.csv');
