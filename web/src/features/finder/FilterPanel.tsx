import { Accordion, Checkbox, Stack } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AmountInput, readAmount } from './AmountInput';
import { FINDER_NAMESPACE } from './i18n';
import type { Family, Model } from './api';
import { allModels } from './families';
import { byText, facetCounts, isListFilter, LIST_FILTERS, sortedWidths, toggled, type Filters, type ListFilter } from './filters';
import type { Labels } from './labels';

interface Props {
  families: Family[];
  filters: Filters;
  labels: Labels;
  onChange: (filters: Filters) => void;
}

interface Choice {
  value: string;
  label: string;
}

/** Every value a filter offers, with its name: makers by name, widths by kind, attributes in the vocabulary's order. */
function choices(models: Model[], key: ListFilter, labels: Labels): Choice[] {
  if (key === 'maker') {
    const names = new Map(models.map((model) => [model.brandId, model.brandName]));
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => byText(a.label, b.label));
  }
  if (key === 'width') return sortedWidths(models.flatMap((model) => model.fit.widths)).map((value) => ({ value, label: value }));
  const present = new Set(models.flatMap((model) => model.fit[key]));
  return labels
    .values(key)
    .filter((value) => present.has(value))
    .map((value) => ({ value, label: labels.value(key, value) }));
}

/** The filters open at first, besides those with a value ticked. */
const OPEN_AT_FIRST: ListFilter[] = ['maker', 'boxShape', 'shankStrength', 'footShape'];

/**
 * The finder's filters: values to tick, each with how many families it would show, and size and price
 * bounds. The values of a closed filter are not drawn (they would only slow the page's start on a phone).
 */
export function FilterPanel({ families, filters, labels, onChange }: Props) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const models = useMemo(() => allModels(families), [families]);
  const [open, setOpen] = useState<string[]>(() => LIST_FILTERS.filter((key) => OPEN_AT_FIRST.includes(key) || filters.lists[key]?.length));
  const name = (key: ListFilter) => (key === 'maker' || key === 'width' ? t(`filters.${key}`) : labels.attribute(key));
  const bound = (key: 'size' | 'priceMin' | 'priceMax') => (value: number | undefined) => onChange({ ...filters, [key]: value });

  // What was ticked or typed on a drawn page before React took the filters over (until then they are plain
  // HTML): React keeps it on screen but tells no one, so it is applied here, as one change.
  const panel = useRef<HTMLDivElement>(null);
  const first = useRef({ filters, onChange });
  useEffect(() => {
    const { filters, onChange } = first.current;
    let next = filters;
    for (const box of panel.current?.querySelectorAll<HTMLInputElement>('input[data-filter]') ?? []) {
      const { filter, value } = box.dataset;
      if (!isListFilter(filter) || value === undefined) continue;
      if (box.checked !== (next.lists[filter]?.includes(value) ?? false)) next = toggled(next, filter, value, box.checked);
    }
    for (const box of panel.current?.querySelectorAll<HTMLInputElement>('input[data-bound]') ?? []) {
      const key = box.dataset.bound as 'size' | 'priceMin' | 'priceMax';
      const typed = readAmount(box.value);
      if (typed !== next[key]) next = { ...next, [key]: typed };
    }
    if (next !== filters) onChange(next);
  }, []);

  return (
    <Stack ref={panel} gap="md" component="section" aria-label={t('filtersLabel')}>
      {/* Opened and closed at once, with no slide: a sliding panel is drawn one way, and another once the app
          knows the visitor asks for less motion, which would redraw the open filters the server drew. */}
      <Accordion multiple value={open} onChange={setOpen} variant="separated" transitionDuration={0}>
        {LIST_FILTERS.map((key) => {
          const ticked = filters.lists[key] ?? [];
          return (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>
                {name(key)}
                {ticked.length > 0 && ` (${ticked.length})`}
              </Accordion.Control>
              {/* A closed filter's panel is there, hidden and empty, for its button's aria-controls to name. */}
              <Accordion.Panel keepMounted keepMountedMode="display-none">
                {open.includes(key) && (
                  <FilterValues families={families} models={models} filters={filters} labels={labels} filter={key} name={name(key)} onChange={onChange} />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      <AmountInput data-bound="size" label={t('filters.size')} description={t('filters.sizeHint')} step={0.5} value={filters.size} onChange={bound('size')} />
      <AmountInput data-bound="priceMin" label={t('filters.priceMin')} prefix="$" value={filters.priceMin} onChange={bound('priceMin')} />
      <AmountInput data-bound="priceMax" label={t('filters.priceMax')} prefix="$" value={filters.priceMax} onChange={bound('priceMax')} />
    </Stack>
  );
}

/** One filter's values to tick, each with how many families it would show. */
function FilterValues({ families, models, filters, labels, filter, name, onChange }: Props & { models: Model[]; filter: ListFilter; name: string }) {
  const counts = facetCounts(families, filters, filter);
  const ticked = filters.lists[filter] ?? [];
  return (
    <Stack gap={6} mt={4} role="group" aria-label={name}>
      {choices(models, filter, labels).map(({ value, label }) => {
        const count = counts.get(value) ?? 0;
        return (
          <Checkbox
            key={value}
            data-filter={filter}
            data-value={value}
            size="md"
            checked={ticked.includes(value)}
            label={`${label} (${count})`}
            disabled={count === 0 && !ticked.includes(value)}
            onChange={(event) => onChange(toggled(filters, filter, value, event.currentTarget.checked))}
          />
        );
      })}
    </Stack>
  );
}
