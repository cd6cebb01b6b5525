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

/** What sets a variant apart from the others of its family: `box` "3+", `shank` "Supple", `makers` "W, R", or `variant`. */
const axisSchema = z.object({ key: z.string(), value: z.string() });
export type Axis = z.infer<typeof axisSchema>;

/** A model as the API sends it: a variant of its family, with its own fit. */
const variantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  link: z.string(),
  image: z.string(),
  fit: fitSchema,
  axes: z._default(z.array(axisSchema), () => []),
});
export type Variant = z.infer<typeof variantSchema>;

/** A maker's line with its variants; a model in no family is one of its own, under its id. */
export const familySchema = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  name: z.string(),
  variants: z.array(variantSchema),
});
export type Family = z.infer<typeof familySchema>;

/** What the finder lists, compares and ranks: a variant with its maker, or a family as one (families.ts). */
export interface Model extends Variant {
  brandId: string;
  brandName: string;
  familyId: string;
}

const attributeSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const finderSchema = z.object({
  families: z.array(familySchema),
  attributes: z.array(attributeSchema),
});
export type FinderData = z.infer<typeof finderSchema>;

/** Every family with its variants' fits and the attributes' names: the finder filters, ranks and compares on the device. */
export function fetchFinder(language: Language, signal?: AbortSignal): Promise<FinderData> {
  return apiRequest(`/finder?lang=${language}`, { schema: finderSchema, signal });
}

export const modelPageSchema = z.object({
  family: familySchema,
  /** The variant asked for by its own id (an old address), which the page shows chosen. */
  chosen: z.nullish(z.string()),
  attributes: z.array(attributeSchema),
});
export type ModelPage = z.infer<typeof modelPageSchema>;

/** One family with its variants' whole fits, by its id or a variant's, for its page (the footer shows the data's credit). */
export function fetchModel(language: Language, id: string, signal?: AbortSignal): Promise<ModelPage> {
  return apiRequest(`/finder/models/${encodeURIComponent(id)}?lang=${language}`, { schema: modelPageSchema, signal });
}
