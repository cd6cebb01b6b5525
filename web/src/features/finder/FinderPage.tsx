import { Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import { IconListCheck, IconRuler2 } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../components/usePageTitle';
import { FINDER_NAMESPACE } from './i18n';
import type { FinderData } from './api';
import { CompareTray, MAX_COMPARED, pickedIn, withPicked } from './CompareTray';
import { FilterPanel } from './FilterPanel';
import { applyFilters, filtering, readFilters, SORTS, writeFilters, type Filters, type Sort } from './filters';
import classes from './finder.module.css';
import { matchingVariants } from './families';
import { labelsOf } from './labels';
import { ModelCard } from './ModelCard';
import { useFinder } from './queries';

/** Results drawn at first and added by each "show more": the list stays quick on a phone. */
const PAGE = 24;

/** The shoe finder: every family of models, narrowed by its variants' fit with counts beside each value; the state lives in the URL. */
export function FinderPage() {
  const { t } = useTranslation(FINDER_NAMESPACE);
  usePageTitle('finder');
  const finder = useFinder();
  return (
    <>
      <Title order={1}>{t('title')}</Title>
      <Text mt="sm" maw={760}>
        {t('intro')}
      </Text>
      <Group mt="md" mb="xl">
        <Button component={Link} to="/finder/my-feet" leftSection={<IconListCheck size={18} aria-hidden />}>
          {t('questionnaire.open')}
        </Button>
        <Button component={Link} to="/fit" variant="light" leftSection={<IconRuler2 size={18} aria-hidden />}>
          {t('fitProfileLink')}
        </Button>
      </Group>
      <QueryState query={finder}>{(data) => <Finder data={data} />}</QueryState>
    </>
  );
}

function Finder({ data }: { data: FinderData }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const [shown, setShown] = useState(PAGE);
  const filters = useMemo(() => readFilters(params), [params]);
  const labels = useMemo(() => labelsOf(data.attributes), [data.attributes]);
  const results = useMemo(() => applyFilters(data.families, filters), [data.families, filters]);
  const picked = pickedIn(params, data.families);

  // The filters, the sort and the compare boxes are controls whose state is the address: it changes at once
  // (flushSync), or React, which moves the router in a transition, would show the box unticked until then.
  const change = (next: Filters) => {
    setParams(writeFilters(params, next), { replace: true, flushSync: true });
    setShown(PAGE);
  };
  const pick = (id: string, on: boolean) =>
    setParams(withPicked(params, on ? [...picked.map((model) => model.id), id] : picked.map((model) => model.id).filter((known) => known !== id)), {
      replace: true,
      flushSync: true,
    });

  return (
    <>
      {/* The filters and the results are taken over apart when the page comes drawn (Layout): a tick on a
          filter meanwhile is played again once its part is React's. */}
      <div className={classes.layout}>
        <Suspense>
          <FilterPanel families={data.families} filters={filters} labels={labels} onChange={change} />
        </Suspense>
        <Suspense>
          <section aria-labelledby="finder-results">
            <Group justify="space-between" align="flex-end" mb="md">
              <Title order={2} size="h4" id="finder-results" aria-live="polite">
                {t('results', { count: results.length })}
              </Title>
              <Group align="flex-end">
                {filtering(filters) && (
                  <Button variant="subtle" onClick={() => change({ lists: {}, sort: filters.sort })}>
                    {t('clear')}
                  </Button>
                )}
                <NativeSelect
                  label={t('sort.label')}
                  value={filters.sort}
                  onChange={(event) => change({ ...filters, sort: event.currentTarget.value as Sort })}
                  data={SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
                />
              </Group>
            </Group>
            {results.length === 0 ? (
              <Text>{t('noResults')}</Text>
            ) : (
              <ResponsiveGrid cols={{ sm: 2, lg: 3 }} spacing="md">
                {results.slice(0, shown).map(({ family, matching, model }) => {
                  const isPicked = picked.some((known) => known.id === model.id);
                  return (
                    <ModelCard
                      key={model.id}
                      model={model}
                      variants={matchingVariants(family, matching, t)}
                      labels={labels}
                      compare={{ picked: isPicked, full: picked.length >= MAX_COMPARED, onChange: (on) => pick(model.id, on) }}
                    />
                  );
                })}
              </ResponsiveGrid>
            )}
            {results.length > shown && (
              <Group justify="center" mt="lg">
                <Button variant="light" onClick={() => setShown((count) => count + PAGE)}>
                  {t('showMore', { count: Math.min(PAGE, results.length - shown) })}
                </Button>
              </Group>
            )}
          </section>
        </Suspense>
      </div>
      <CompareTray picked={picked} onRemove={(id) => pick(id, false)} />
    </>
  );
}
