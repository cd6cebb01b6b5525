import type { Family, Fit, Model, Variant } from './api';
import { familyModel, modelOf } from './families';

/** The vocabulary attributes the finder filters by (the API names them and their values). */
export const ATTRIBUTE_FILTERS = [
  'boxShape',
  'platformWidth',
  'shankStrength',
  'vampLength',
  'wingHeight',
  'heelHeight',
  'footShape',
  'availability',
  'level',
  'technology',
] as const satisfies readonly (keyof Fit)[];
export type AttributeKey = (typeof ATTRIBUTE_FILTERS)[number];

/** Every filter with a list of values to tick, each its own URL parameter (`boxShape=square,wide`). */
export const LIST_FILTERS = ['maker', ...ATTRIBUTE_FILTERS, 'width'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const isListFilter = (key: string | undefined): key is ListFilter => (LIST_FILTERS as readonly (string | undefined)[]).includes(key);

export const SORTS = ['name', 'maker', 'price'] as const;
export type Sort = (typeof SORTS)[number];

/** What the finder shows: the ticked values per list filter, the size and price bounds, the order. */
export interface Filters {
  lists: Partial<Record<ListFilter, string[]>>;
  /** In the maker's own scale. */
  size?: number;
  priceMin?: number;
  priceMax?: number;
  sort: Sort;
}

const number = (text: string | null) => {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

/** The filters a URL's query holds; anything unknown or malformed is left out. */
export function readFilters(params: URLSearchParams): Filters {
  const lists: Filters['lists'] = {};
  for (const key of LIST_FILTERS) {
    const values = (params.get(key) ?? '').split(',').filter(Boolean);
    if (values.length > 0) lists[key] = values;
  }
  const sort = params.get('sort');
  return {
    lists,
    size: number(params.get('size')),
    priceMin: number(params.get('priceMin')),
    priceMax: number(params.get('priceMax')),
    sort: SORTS.find((known) => known === sort) ?? 'name',
  };
}

/** `params` with the filters written in (other parameters, such as the models picked to compare, kept). */
export function writeFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of LIST_FILTERS) {
    const values = filters.lists[key] ?? [];
    if (values.length > 0) next.set(key, values.join(','));
    else next.delete(key);
  }
  for (const key of ['size', 'priceMin', 'priceMax'] as const) {
    const value = filters[key];
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
  }
  if (filters.sort === 'name') next.delete('sort');
  else next.set('sort', filters.sort);
  return next;
}

/** The values a model has for a list filter. */
export function valuesOf(model: Model, key: ListFilter): string[] {
  if (key === 'maker') return [model.brandId];
  if (key === 'width') return model.fit.widths;
  return model.fit[key];
}

/** Whether the model passes every filter but `except` (values of one filter are alternatives). */
function passes(model: Model, filters: Filters, except?: ListFilter): boolean {
  for (const key of LIST_FILTERS) {
    const wanted = filters.lists[key];
    if (key === except || !wanted?.length) continue;
    if (!valuesOf(model, key).some((value) => wanted.includes(value))) return false;
  }
  const { size, priceMin, priceMax } = filters;
  if (size !== undefined && !model.fit.sizes.some((offered) => Math.abs(offered - size) < 0.01)) return false;
  if (priceMin !== undefined || priceMax !== undefined) {
    const low = model.fit.priceMin;
    if (low === null || low === undefined) return false;
    const high = model.fit.priceMax ?? low;
    if (priceMin !== undefined && high < priceMin) return false;
    if (priceMax !== undefined && low > priceMax) return false;
  }
  return true;
}

/**
 * Texts by their lowercase letters. The same in every engine: the page drawn on the server (QuickJS, which
 * has no `Intl.Collator`) and in the browser must come out in one order.
 */
export function byText(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A family that passes the filters: the variants that do, and the family as one model over them. */
export interface Result {
  family: Family;
  matching: Variant[];
  model: Model;
}

/** The variants of `family` that pass every filter but `except`. */
function passing(family: Family, filters: Filters, except?: ListFilter): Variant[] {
  return family.variants.filter((variant) => passes(modelOf(family, variant), filters, except));
}

/**
 * The families with a variant that passes every filter (a family matches when one of its variants does), in
 * the chosen order; ties, and the name order, are the server's (name order).
 */
export function applyFilters(families: Family[], filters: Filters): Result[] {
  const results = families.flatMap((family, place) => {
    const matching = passing(family, filters);
    return matching.length > 0 ? [{ family, matching, model: familyModel(family, matching), place }] : [];
  });
  type Placed = (typeof results)[number];
  const byName = (a: Placed, b: Placed) => a.place - b.place;
  const order: Record<Sort, (a: Placed, b: Placed) => number> = {
    name: byName,
    maker: (a, b) => byText(a.family.brandName, b.family.brandName) || byName(a, b),
    // Families without a price go last.
    price: (a, b) => (a.model.fit.priceMin ?? Infinity) - (b.model.fit.priceMin ?? Infinity) || byName(a, b),
  };
  return results.sort(order[filters.sort]).map(({ family, matching, model }) => ({ family, matching, model }));
}

/**
 * How many families each value of `key` would show: those with a variant that passes every other filter and
 * has the value (the usual facet count, so ticking a value never hides the others of its filter).
 */
export function facetCounts(families: Family[], filters: Filters, key: ListFilter): Map<string, number> {
  const counts = new Map<string, number>();
  for (const family of families) {
    const values = new Set(passing(family, filters, key).flatMap((variant) => valuesOf(modelOf(family, variant), key)));
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** `filters` with `value` of `key` ticked or unticked. */
export function toggled(filters: Filters, key: ListFilter, value: string, on: boolean): Filters {
  const current = filters.lists[key] ?? [];
  const values = on ? [...current.filter((known) => known !== value), value] : current.filter((known) => known !== value);
  return { ...filters, lists: { ...filters.lists, [key]: values } };
}

/** Whether any filter narrows the list. */
export function filtering(filters: Filters): boolean {
  return Object.values(filters.lists).some((values) => values.length > 0) || [filters.size, filters.priceMin, filters.priceMax].some((bound) => bound !== undefined);
}

/** Width codes in a reading order: letters, then fittings, numbered widths and X-widths, each by length. */
export function sortedWidths(widths: Iterable<string>): string[] {
  const rank = (width: string) => (/^[A-F]+$/.test(width) ? 0 : /^[NMW]$/.test(width) ? 1 : /^W\d/.test(width) ? 2 : /^X+$/.test(width) ? 3 : 4);
  const fitting = (width: string) => 'NMW'.indexOf(width);
  return [...new Set(widths)].sort(
    (a, b) => rank(a) - rank(b) || a.length - b.length || fitting(a) - fitting(b) || byText(a, b),
  );
}
