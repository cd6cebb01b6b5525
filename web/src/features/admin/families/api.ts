import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest, writeEach } from '../../../api/client';
import type { Language } from '../../../i18n/languages';
import { useLanguage } from '../../../i18n/useLanguage';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';
import { FINDER_KEY } from '../../finder';
import { adminKeys } from '../queryKeys';

/** What sets a variant apart from the others of its family: `box` "3+", `shank` "Supple", `makers` "W, R, Z", or `variant`. */
const axisSchema = z.object({ key: z.string(), value: z.string() });
export type Axis = z.infer<typeof axisSchema>;

/** A model of a family: a catalogue product, named in the admin's language. */
const variantRecordSchema = z.object({
  productId: z.string(),
  name: z.string(),
  axes: z.array(axisSchema),
});
export type VariantRecord = z.infer<typeof variantRecordSchema>;

/** A maker's line and its models, in their order; a product in no family is a model of its own and not listed. */
export const familyRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its models' maker (every model of a family is one maker's). */
  brandId: z.string(),
  variants: z.array(variantRecordSchema),
});
export type FamilyRecord = z.infer<typeof familyRecordSchema>;

/** A family as the admin writes it: its name and its models' product ids, in their order. */
export interface FamilyDraft {
  name: string;
  products: string[];
}

export const adminFamiliesQuery = (language: Language) =>
  queryOptions({
    queryKey: [...adminKeys.families, language],
    queryFn: ({ signal }) => apiRequest(`/admin/families?lang=${language}`, { schema: z.array(familyRecordSchema), signal }),
  });

/** Every family, its models named in the interface's language. */
export function useAdminFamilies() {
  const language = useLanguage();
  return useQuery(adminFamiliesQuery(language));
}

/** What a family change refreshes: the finder's families (public), the admin's products and families. */
const FAMILY_VIEWS = [FINDER_KEY, adminKeys.products, adminKeys.families];

/**
 * Creates a family of the draft's models (`id` undefined), taking them out of theirs (a split), or makes the
 * draft's models exactly family `id`'s: models of other families join it (a merge), its models left out
 * become models of their own.
 */
export function useSaveFamily() {
  const language = useLanguage();
  return useRefreshingMutation(
    ({ id, draft }: { id?: string; draft: FamilyDraft }) =>
      apiRequest(id === undefined ? `/admin/families?lang=${language}` : `/admin/families/${encodeURIComponent(id)}?lang=${language}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: draft,
        schema: familyRecordSchema,
      }),
    FAMILY_VIEWS,
  );
}

/** Dissolves the families one after the other: each of their models becomes a model of its own. */
export function useDeleteFamilies() {
  return useRefreshingMutation(async (families: readonly FamilyRecord[]) => {
    await writeEach(families, (family) => apiRequest(`/admin/families/${encodeURIComponent(family.id)}`, { method: 'DELETE' }));
  }, FAMILY_VIEWS);
}
