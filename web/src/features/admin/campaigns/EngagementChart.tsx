import '@mantine/charts/styles.layer.css';

import { LineChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { directionOf } from '../../../i18n/languages';
import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { CampaignReport } from './api';

const DAY_MS = 86_400_000;

/**
 * First opens and clicks per bucket of time (five minutes, an hour or a day, as the server chose), drawn
 * as lines, and the same figures as a table for screen readers.
 */
export function EngagementChart({ report }: { report: CampaignReport }) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const tick = new Intl.DateTimeFormat(i18n.language, report.bucketMs >= DAY_MS ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  const data = report.timeline.map((point) => ({ at: point.at, time: tick.format(point.at), opens: point.opens, clicks: point.clicks }));
  const [opens, clicks] = [t('campaigns.report.opens'), t('campaigns.report.clicks')];
  // The drawing stays left to right (its labels are placed for it); right to left, time runs from the right.
  const rtl = directionOf(i18n.language) === 'rtl';
  return (
    <>
      <LineChart
        h={260}
        data={data}
        dataKey="time"
        series={[
          { name: 'opens', label: opens, color: 'blue.7' },
          { name: 'clicks', label: clicks, color: 'grape.7' },
        ]}
        withLegend
        valueFormatter={(value) => format.count(value)}
        xAxisProps={{ reversed: rtl }}
        yAxisProps={{ allowDecimals: false, ...(rtl && { orientation: 'right', tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' } }) }}
        styles={rtl ? { legend: { direction: 'rtl' }, tooltip: { direction: 'rtl' } } : undefined}
      />
      <VisuallyHidden>
        <Table aria-label={t('campaigns.report.overTime')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('campaigns.report.time')}</Table.Th>
              <Table.Th scope="col">{opens}</Table.Th>
              <Table.Th scope="col">{clicks}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((point) => (
              <Table.Tr key={point.at}>
                <Table.Td>{point.time}</Table.Td>
                <Table.Td>{format.count(point.opens)}</Table.Td>
                <Table.Td>{format.count(point.clicks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
