import { Box, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import { BREAKDOWNS, type BreakdownName, type BreakdownRow, type FilterName } from './api';
import classes from './analytics.module.css';
import { useValueLabel } from './useValueLabel';

/**
 * One breakdown as a ranked list: each row's bar is its share of the top row's visitors. Clicking a row
 * (when the breakdown is a filter) narrows the whole screen to it.
 */
export function BreakdownCard({ name, rows, onFilter }: { name: BreakdownName; rows: BreakdownRow[]; onFilter: (filter: FilterName, value: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const label = useValueLabel();
  const filter = BREAKDOWNS[name];
  const top = Math.max(1, ...rows.map((row) => row.visitors));
  return (
    <SectionCard title={t(`analytics.breakdowns.${name}`)}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.empty')}
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analytics.columns.value')}</Table.Th>
              <Table.Th ta="end">{t('analytics.columns.visitors')}</Table.Th>
              <Table.Th ta="end">{t('analytics.columns.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const shown = label(filter, row.value);
              const bar = <Box className={classes.bar} style={{ width: `${(row.visitors / top) * 100}%` }} aria-hidden />;
              return (
                <Table.Tr key={row.value}>
                  <Table.Td className={classes.nameCell}>
                    {bar}
                    {filter ? (
                      <UnstyledButton className={classes.rowButton} title={t('analytics.filterBy', { value: shown })} onClick={() => onFilter(filter, row.value)}>
                        {shown}
                      </UnstyledButton>
                    ) : (
                      <span className={classes.rowText}>{shown}</span>
                    )}
                  </Table.Td>
                  <Table.Td ta="end">{format.count(row.visitors)}</Table.Td>
                  <Table.Td ta="end">{format.count(row.count)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
