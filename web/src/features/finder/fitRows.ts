import type { TFunction } from 'i18next';

import type { Model } from './api';
import { ATTRIBUTE_FILTERS } from './filters';
import type { Labels } from './labels';

/** One line of a model's description: what it is and its value as text (`—` when the data has none). */
export interface FitRow {
  key: string;
  label: string;
  text: string;
}

export const NONE = '—';

const listed = (values: string[]) => (values.length > 0 ? values.join(', ') : NONE);

/** A model's price: its fit's range in US dollars where the data has one, else the catalogue's text. */
export function priceOf(model: Model): string {
  const { priceMin: low, priceMax: high } = model.fit;
  if (low === null || low === undefined) return model.price;
  return high !== null && high !== undefined && high > low ? `$${low}–${high}` : `$${low}`;
}

/** A model's attributes as the model page lists them and the comparison sets them side by side. */
export function fitRows(model: Model, labels: Labels, t: TFunction<'finder'>): FitRow[] {
  const { fit } = model;
  const sizes = fit.sizes.length > 0 ? `${fit.sizes[0]}–${fit.sizes[fit.sizes.length - 1]}` : NONE;
  const price = [priceOf(model), fit.priceRemark].filter(Boolean).join(' · ') || NONE;
  return [
    { key: 'maker', label: t('filters.maker'), text: model.brandName },
    { key: 'price', label: t('price'), text: price },
    ...ATTRIBUTE_FILTERS.map((key) => ({
      key,
      label: labels.attribute(key),
      text: listed(fit[key].map((value) => labels.value(key, value))),
    })),
    { key: 'sizes', label: t('sizes'), text: sizes },
    { key: 'widths', label: t('filters.width'), text: listed(fit.widths) },
    { key: 'materials', label: t('materials'), text: listed(fit.materials) },
    // Freed's shoemakers' marks; other models have none.
    { key: 'makers', label: t('makers'), text: listed(fit.makers) },
  ];
}
