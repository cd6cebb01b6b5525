import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import type { Language } from '../../i18n/languages';

const list = () => z._default(z.array(z.string()), () => []);
const text = () => z._default(z.string(), '');
const price = () => z._default(z.nullable(z.number()), null);

/**
 * A model's fit: each vocabulary attribute a list of value keys (a model may have several shanks). The
 * server documents every field with its default (what a field it leaves out means), which is applied here.
 */
export const fitSchema = z.object({
  boxShape: list(),
  platformWidth: list(),
  shankStrength: list(),
  vampLength: list(),
  wingHeight: list(),
  heelHeight: list(),
  footShape: list(),
  footShapeOriginal: text(),
  availability: list(),
  level: list(),
  technology: list(),
  /** In the maker's own scale (US or EU), ascending. */
  sizes: z._default(z.array(z.number()), () => []),
  widths: list(),
  materials: list(),
  /** US dollars. */
  priceMin: price(),
  priceMax: price(),
  priceRemark: text(),
  makers: list(),
  /** Free text by language: the data set's English, and any translation an admin wrote. Notes and sources come on a model's own page only. */
  notes: z._default(z.record(z.string(), z.string()), () => ({})),
  sources: list(),
  /** What the import could not read, by attribute (an admin's to mend; empty in public answers). */
  unread: z._default(z.record(z.string(), z.string()), () => ({})),
});
export type Fit = z.infer<typeof fitSchema>;

export const modelSchema = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  name: z.string(),
  price: z.string(),
  link: z.string(),
  image: z.string(),
  fit: fitSchema,
});
export type Model = z.infer<typeof modelSchema>;

const attributeSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const finderSchema = z.object({
  models: z.array(modelSchema),
  attributes: z.array(attributeSchema),
});
export type FinderData = z.infer<typeof finderSchema>;

/** Every model with its fit and the attributes' names: the finder filters, ranks and compares on the device. */
export function fetchFinder(language: Language, signal?: AbortSignal): Promise<FinderData> {
  return apiRequest(`/finder?lang=${language}`, { schema: finderSchema, signal });
}

export const modelPageSchema = z.object({ model: modelSchema, attributes: z.array(attributeSchema) });
export type ModelPage = z.infer<typeof modelPageSchema>;

/** One model with the attributes' names, for its page (the footer shows the data's credit). */
export function fetchModel(language: Language, id: string, signal?: AbortSignal): Promise<ModelPage> {
  return apiRequest(`/finder/models/${encodeURIComponent(id)}?lang=${language}`, { schema: modelPageSchema, signal });
}
