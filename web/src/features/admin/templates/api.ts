import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest, writeEach } from '../../../api/client';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { ADMIN_KEY } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';

const KEY = [...ADMIN_KEY, 'templates'] as const;

export const TEMPLATE_CATEGORIES = ['promotional', 'newsletter', 'announcement', 'welcome'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

const templateTextSchema = z.object({ subject: z.string(), body: z.string() });
export type TemplateText = z.infer<typeof templateTextSchema>;

export const templateRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  translations: z.partialRecord(z.enum(LANGUAGES), templateTextSchema),
  /** A welcome template sent to each new member once their address is verified (one at most). */
  sendsWelcome: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TemplateRecord = z.infer<typeof templateRecordSchema>;
export type TemplateDraft = Pick<TemplateRecord, 'name' | 'category' | 'translations' | 'sendsWelcome'>;

/** One language's version as the editor holds it, saved or not. */
export interface TemplateVersion extends TemplateText {
  lang: Language;
}

export const templatePreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** Every template with all its languages. */
export const templatesQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => apiRequest('/admin/email/templates', { schema: z.array(templateRecordSchema), signal }),
  });

export const useTemplates = () => useQuery(templatesQuery());

export const templateVariablesSchema = z.object({ variables: z.array(z.string()) });
export const testSentSchema = z.object({ sent: z.boolean() });

/** The `{{variables}}` a template may use. */
export const templateVariablesQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'variables'],
    queryFn: ({ signal }) => apiRequest('/admin/email/templates/variables', { schema: templateVariablesSchema, signal }),
    staleTime: Infinity,
  });

export const useTemplateVariables = () => useQuery(templateVariablesQuery());

const TEMPLATE_VIEWS = [KEY];

export function useSaveTemplate() {
  return useRefreshingMutation(
    ({ draft, id }: { draft: TemplateDraft; id?: string }) =>
      apiRequest(id === undefined ? '/admin/email/templates' : `/admin/email/templates/${encodeURIComponent(id)}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: draft,
        schema: templateRecordSchema,
      }),
    TEMPLATE_VIEWS,
  );
}

export function useDuplicateTemplate() {
  return useRefreshingMutation(
    ({ id, name }: { id: string; name: string }) =>
      apiRequest(`/admin/email/templates/${encodeURIComponent(id)}/duplicate`, { method: 'POST', body: { name }, schema: templateRecordSchema }),
    TEMPLATE_VIEWS,
  );
}

export function useDeleteTemplates() {
  return useRefreshingMutation(async (templates: readonly TemplateRecord[]) => {
    await writeEach(templates, (template) => apiRequest(`/admin/email/templates/${encodeURIComponent(template.id)}`, { method: 'DELETE' }));
  }, TEMPLATE_VIEWS);
}

/** The message a member would get, with sample values, as the server renders it (a failure is not asked again). */
export const templatePreviewQuery = (version: TemplateVersion) =>
  queryOptions({
    queryKey: [...KEY, 'preview', version],
    queryFn: ({ signal }) => apiRequest('/admin/email/templates/preview', { method: 'POST', body: version, schema: templatePreviewSchema, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Sends the version, with the preview's sample values, to `to` at once. */
export const sendTemplateTest = (to: string, version: TemplateVersion) =>
  apiRequest('/admin/email/templates/test', { method: 'POST', body: { to, ...version }, schema: testSentSchema });
