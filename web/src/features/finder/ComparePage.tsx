import { Anchor, Button, CloseButton, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { LabelledSwitch } from '../../components/LabelledSwitch';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../components/usePageTitle';
import { FINDER_NAMESPACE } from './i18n';
import type { FinderData } from './api';
import { COMPARE_PARAM, pickedIn, withPicked } from './CompareTray';
import classes from './finder.module.css';
import { pageOf } from './families';
import { fitRows } from './fitRows';
import { labelsOf } from './labels';
import { useFinder } from './queries';

/** Up to four families or variants side by side (`/finder/compare?compare=a,b,c`), the rows where they differ marked. */
export function ComparePage() {
  const { t } = useTranslation(FINDER_NAMESPACE);
  usePageTitle('finderCompare');
  const finder = useFinder();
  return (
    <Stack gap="md">
      <Title order={1}>{t('compare.title')}</Title>
      <QueryState query={finder}>{(data) => <Comparison data={data} />}</QueryState>
    </Stack>
  );
}

function Comparison({ data }: { data: FinderData }) {
  const { t } = useTranslation(FINDER_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const picked = pickedIn(params, data.families);
  const ids = picked.map((model) => model.id);
  const back = (
    <Anchor component={Link} to={ids.length > 0 ? `/finder?${COMPARE_PARAM}=${ids.join(',')}` : '/finder'}>
      {t('compare.back')}
    </Anchor>
  );
  if (picked.length < 2) {
    return (
      <>
        <Text>{t('compare.tooFew')}</Text>
        <Group>
          <Button component={Link} to={ids.length > 0 ? `/finder?${COMPARE_PARAM}=${ids.join(',')}` : '/finder'}>
            {t('compare.choose')}
          </Button>
        </Group>
      </>
    );
  }
  const labels = labelsOf(data.attributes);
  const columns = picked.map((model) => fitRows(model, labels, t));
  // Every model has the same rows, in the same order.
  const rows = (columns[0] ?? []).map((row, index) => {
    const texts = columns.map((column) => column[index]?.text ?? '');
    return { ...row, texts, differs: new Set(texts).size > 1 };
  });
  const remove = (id: string) => setParams(withPicked(params, ids.filter((known) => known !== id)), { replace: true });
  return (
    <>
      {back}
      <LabelledSwitch label={t('compare.onlyDifferences')} checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.currentTarget.checked)} />
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder withColumnBorders data-testid="comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>{t('compare.attribute')}</VisuallyHidden>
              </Table.Th>
              {picked.map((model) => (
                <Table.Th key={model.id} scope="col">
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Anchor component={Link} to={pageOf(model)}>
                      {model.name}
                    </Anchor>
                    <CloseButton size="sm" aria-label={t('compare.remove', { name: model.name })} onClick={() => remove(model.id)} />
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows
              .filter((row) => row.differs || !onlyDifferences)
              .map((row) => (
                <Table.Tr key={row.key} className={row.differs ? classes.differs : undefined} data-differs={row.differs}>
                  <Table.Th scope="row">
                    {row.label}
                    {row.differs && <VisuallyHidden> ({t('compare.differs')})</VisuallyHidden>}
                  </Table.Th>
                  {picked.map((model, column) => (
                    <Table.Td key={model.id}>{row.texts[column]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm">{t('compare.legend')}</Text>
    </>
  );
}
