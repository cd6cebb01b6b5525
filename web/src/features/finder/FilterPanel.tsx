import { Accordion, Checkbox, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { FINDER_NAMESPACE } from './i18n';
import type { Model } from './api';
import { facetCounts, LIST_FILTERS, sortedWidths, toggled, type Filters, type ListFilter } from './filters';
import type { Labels } from './labels';

interface Props {
  models: Model[];
  filters: Filters;
  labels: Labels;
  onChange: (filters: Filters) => void;
}

interface Choice {
  value: string;
  label: string;
}

/** Every value a filter offers, with its name: makers by name, widths by kind, attributes in the vocabulary's order. */
function choices(models: Model[], key: ListFilter, labels: Labels, language: string): Choice[] {
  if (key === 'maker') {
    const names = new Map(models.map((model) => [model.brandId, model.brandName]));
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, language));
  }
  if (key === 'width') return sortedWidths(models.flatMap((model) => model.fit.widths)).map((value) => ({ value, label: value }));
  const present = new Set(models.flatMap((model) => model.fit[key]));
  return labels
    .values(key)
    .filter((value) => present.has(value))
    .map((value) => ({ value, label: labels.value(key, value) }));
}

/** The finder's filters: values to tick, each with how many models it would show, and size and price bounds. */
export function FilterPanel({ models, filters, labels, onChange }: Props) {
  const { t, i18n } = useTranslation(FINDER_NAMESPACE);
  const name = (key: ListFilter) => (key === 'maker' || key === 'width' ? t(`filters.${key}`) : labels.attribute(key));
  const bound = (key: 'size' | 'priceMin' | 'priceMax') => (value: string | number) =>
    onChange({ ...filters, [key]: typeof value === 'number' && value >= 0 ? value : undefined });
  return (
    <Stack gap="md" component="section" aria-label={t('filtersLabel')}>
      <Accordion multiple defaultValue={['maker', 'boxShape', 'shankStrength', 'footShape']} variant="separated">
        {LIST_FILTERS.map((key) => {
          const counts = facetCounts(models, filters, key);
          const ticked = filters.lists[key] ?? [];
          return (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>
                {name(key)}
                {ticked.length > 0 && ` (${ticked.length})`}
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={6} mt={4} role="group" aria-label={name(key)}>
                    {choices(models, key, labels, i18n.language).map(({ value, label }) => {
                      const count = counts.get(value) ?? 0;
                      return (
                        <Checkbox
                          key={value}
                          checked={ticked.includes(value)}
                          label={`${label} (${count})`}
                          disabled={count === 0 && !ticked.includes(value)}
                          onChange={(event) => onChange(toggled(filters, key, value, event.currentTarget.checked))}
                        />
                      );
                    })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      <NumberInput
        label={t('filters.size')}
        description={t('filters.sizeHint')}
        min={0}
        step={0.5}
        decimalScale={1}
        value={filters.size ?? ''}
        onChange={bound('size')}
      />
      <NumberInput label={t('filters.priceMin')} min={0} prefix="$" value={filters.priceMin ?? ''} onChange={bound('priceMin')} />
      <NumberInput label={t('filters.priceMax')} min={0} prefix="$" value={filters.priceMax ?? ''} onChange={bound('priceMax')} />
    </Stack>
  );
}
