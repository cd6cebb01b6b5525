import type { TFunction } from 'i18next';

import type { Axis, Family, Fit, Model, Variant } from './api';

/** A family's variant with its maker: what the filters, the ranking and the comparison read. */
export function modelOf(family: Family, variant: Variant): Model {
  return { ...variant, brandId: family.brandId, brandName: family.brandName, familyId: family.id };
}

/** Every variant of every family, as models. */
export function allModels(families: Family[]): Model[] {
  return families.flatMap((family) => family.variants.map((variant) => modelOf(family, variant)));
}

const union = <T>(lists: T[][]) => [...new Set(lists.flat())];

/** What `variants` offer between them: every value any has, the widest sizes and prices. */
export function mergedFit(variants: Variant[]): Fit {
  const [first, ...rest] = variants.map((variant) => variant.fit);
  if (!first) throw new Error('a family has at least one variant');
  if (rest.length === 0) return first;
  const fits = [first, ...rest];
  const lists = <K extends keyof Fit>(key: K) => union(fits.map((fit) => fit[key] as string[]));
  const prices = (key: 'priceMin' | 'priceMax') => fits.map((fit) => fit[key]).filter((price): price is number => typeof price === 'number');
  const lows = prices('priceMin');
  const highs = [...prices('priceMax'), ...lows];
  return {
    ...first,
    boxShape: lists('boxShape'),
    platformWidth: lists('platformWidth'),
    shankStrength: lists('shankStrength'),
    vampLength: lists('vampLength'),
    wingHeight: lists('wingHeight'),
    heelHeight: lists('heelHeight'),
    footShape: lists('footShape'),
    availability: lists('availability'),
    level: lists('level'),
    technology: lists('technology'),
    sizes: union(fits.map((fit) => fit.sizes)).sort((a, b) => a - b),
    widths: lists('widths'),
    materials: lists('materials'),
    makers: lists('makers'),
    sources: lists('sources'),
    priceMin: lows.length > 0 ? Math.min(...lows) : null,
    priceMax: highs.length > 0 ? Math.max(...highs) : null,
    priceRemark: union(fits.map((fit) => (fit.priceRemark ? [fit.priceRemark] : []))).join(' · '),
  };
}

/** The family as one model: its name, and what the given variants (all, at first) offer between them. */
export function familyModel(family: Family, variants: Variant[] = family.variants): Model {
  const [first] = variants;
  if (!first) throw new Error('a family has at least one variant');
  if (family.variants.length === 1) return modelOf(family, first);
  return { ...modelOf(family, first), id: family.id, name: family.name, price: '', axes: [], fit: mergedFit(variants) };
}

/** A model's page: its family's, with it chosen when it is one of several variants. */
export function pageOf(model: Model): string {
  return model.familyId === model.id ? `/shoe/${model.id}` : `/shoe/${model.familyId}?variant=${model.id}`;
}

/** The family or variant an id names, as a model (a family as one). */
export function findModel(families: Family[], id: string): Model | undefined {
  for (const family of families) {
    if (family.id === id) return familyModel(family);
    const variant = family.variants.find((candidate) => candidate.id === id);
    if (variant) return modelOf(family, variant);
  }
  return undefined;
}

/** An axis's value as a dancer reads it: "Box 3+", "Supple", "Shoemakers W, R". */
export function axisText(axis: Axis, t: TFunction<'finder'>): string {
  if (axis.key === 'box') return t('variants.box', { value: axis.value });
  if (axis.key === 'makers') return t('variants.makers', { value: axis.value });
  return axis.value;
}

/** A variant as a dancer names it within its family: "Box 3+ Supple". */
export function variantText(variant: Variant, t: TFunction<'finder'>): string {
  return variant.axes.length > 0 ? variant.axes.map((axis) => axisText(axis, t)).join(' ') : variant.name;
}

/** `items` as alternatives: "a, b or c". */
function alternatives(items: string[], t: TFunction<'finder'>): string {
  if (items.length < 2) return items.join('');
  return t('variants.or', { first: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}

/**
 * Which of a family's variants pass the filters, in a line: "Box 3, Box 3+ in Supple or Feather". Variants
 * set apart by two axes are grouped by the first, and first values with the same second values share a
 * part; a part whose second values are all the family has names the first only. Undefined for a model of
 * its own.
 */
export function matchingVariants(family: Family, matching: Variant[], t: TFunction<'finder'>): string | undefined {
  if (family.variants.length < 2) return undefined;
  if (matching.length === family.variants.length) return t('variants.all', { count: matching.length });
  const twoAxes = matching.every((variant) => variant.axes.length === 2) && family.variants.every((variant) => variant.axes.length === 2);
  if (!twoAxes) return matching.map((variant) => variantText(variant, t)).join(', ');
  const text = (variant: Variant, index: 0 | 1) => axisText(variant.axes[index]!, t);
  const every = new Set(family.variants.map((variant) => text(variant, 1)));
  const seconds = new Map<string, string[]>();
  for (const variant of matching) seconds.set(text(variant, 0), [...(seconds.get(text(variant, 0)) ?? []), text(variant, 1)]);
  const parts: { firsts: string[]; seconds: string[] }[] = [];
  for (const [first, values] of seconds) {
    const same = parts.find((part) => part.seconds.join('\n') === values.join('\n'));
    if (same) same.firsts.push(first);
    else parts.push({ firsts: [first], seconds: values });
  }
  return parts
    .map((part) => (part.seconds.length === every.size ? part.firsts.join(', ') : t('variants.in', { first: part.firsts.join(', '), second: alternatives(part.seconds, t) })))
    .join('; ');
}
