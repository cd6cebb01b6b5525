import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { SectionCard } from '../components/SectionCard';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { RecentHit } from './api';
import { useValueLabel } from './useValueLabel';

/** The latest page views and events, newest first, refreshed with the visitors-now figure. */
export function RecentActivity({ recent }: { recent: RecentHit[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const label = useValueLabel();
  const detail = (hit: RecentHit) =>
    [hit.brand, hit.target, hit.results === null ? '' : t('analytics.live.results', { count: hit.results })].filter((part) => part !== '').join(' · ');
  return (
    <SectionCard title={t('analytics.live.title')}>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.live.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.live.time')}</Table.Th>
                <Table.Th>{t('analytics.live.what')}</Table.Th>
                <Table.Th>{t('analytics.live.page')}</Table.Th>
                <Table.Th>{t('analytics.live.detail')}</Table.Th>
                <Table.Th>{t('analytics.live.from')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recent.map((hit, index) => (
                <Table.Tr key={`${hit.at}-${index}`}>
                  <Table.Td>{format.dateTime(hit.at)}</Table.Td>
                  <Table.Td>{label('event', hit.name)}</Table.Td>
                  <Table.Td dir="ltr">{hit.path}</Table.Td>
                  <Table.Td>{detail(hit)}</Table.Td>
                  <Table.Td>
                    {[label('browser', hit.browser), label('os', hit.os), label('device', hit.device), label('siteLang', hit.lang)].join(' · ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
