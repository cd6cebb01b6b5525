import '@mantine/charts/styles.layer.css';

import { Sparkline } from '@mantine/charts';
import { Box, Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useAdminFormat } from '../components/useAdminFormat';
import { ADMIN_NAMESPACE } from '../i18n';
import type { DayTraffic, Overview } from './api';

interface Tile {
  key: string;
  label: string;
  value: string;
  detail: string;
  to: string;
  /** A week of figures, drawn small beneath the value. */
  trend?: number[];
  /** Asks for attention (unresolved crashes). */
  alert?: boolean;
}

/** The overview's tiles, each a way into its screen; a figure the admin may not see has no tile. */
export function OverviewTiles({ overview }: { overview: Overview }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const format = useAdminFormat();
  const tiles: Tile[] = [];
  const { traffic, newMembers, lastCampaign, assistant, unresolvedCrashes, cache } = overview;
  if (traffic) {
    const today = traffic.at(-1);
    const week = (pick: (day: DayTraffic) => number) => traffic.reduce((sum, day) => sum + pick(day), 0);
    tiles.push(
      {
        key: 'visitors',
        label: t('overview.visitorsToday'),
        value: format.count(today?.visitors ?? 0),
        detail: t('overview.lastSevenDays', { value: format.count(week((day) => day.visitors)) }),
        to: 'analytics',
        trend: traffic.map((day) => day.visitors),
      },
      {
        key: 'pageviews',
        label: t('overview.pageviewsToday'),
        value: format.count(today?.pageviews ?? 0),
        detail: t('overview.lastSevenDays', { value: format.count(week((day) => day.pageviews)) }),
        to: 'analytics',
        trend: traffic.map((day) => day.pageviews),
      },
    );
  }
  if (newMembers !== null) {
    tiles.push({ key: 'members', label: t('overview.newMembers'), value: format.count(newMembers), detail: t('overview.newMembersDetail'), to: 'users' });
  }
  if (lastCampaign) {
    tiles.push({
      key: 'campaign',
      label: t('overview.lastCampaign'),
      value: format.percent(lastCampaign.openRate),
      detail: t('overview.lastCampaignDetail', { name: lastCampaign.name, sent: format.count(lastCampaign.sent) }),
      to: `email/${lastCampaign.id}`,
    });
  }
  if (assistant) {
    tiles.push({
      key: 'assistant',
      label: t('overview.assistant'),
      value: format.count(assistant.requests),
      detail: assistant.successRate === null ? t('overview.assistantIdle') : t('overview.assistantDetail', { rate: format.percent(assistant.successRate) }),
      to: 'ai',
    });
  }
  if (unresolvedCrashes !== null) {
    tiles.push({
      key: 'crashes',
      label: t('overview.crashes'),
      value: format.count(unresolvedCrashes),
      detail: unresolvedCrashes === 0 ? t('overview.crashesNone') : t('overview.crashesDetail'),
      to: 'crashes',
      alert: unresolvedCrashes > 0,
    });
  }
  if (cache) {
    tiles.push({ key: 'cache', label: t('overview.cacheHitRate'), value: format.percent(cache.hitRate), detail: t('overview.cacheDetail'), to: 'cache' });
  }
  if (tiles.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="xl" component="ul" aria-label={t('overview.title')} style={{ listStyle: 'none', padding: 0 }}>
      {tiles.map((tile) => (
        <li key={tile.key}>
          <OverviewTile tile={tile} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function OverviewTile({ tile }: { tile: Tile }): ReactNode {
  return (
    <Card withBorder radius="md" h="100%" component={Link} to={`/admin/${tile.to}`} style={tile.alert ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Text size="sm" c="dimmed">
        {tile.label}
      </Text>
      <Text fz={28} fw={700} c={tile.alert ? 'red.8' : undefined}>
        {tile.value}
      </Text>
      <Text size="xs" c="dimmed">
        {tile.detail}
      </Text>
      {tile.trend && (
        // A picture of the figure above, inside the tile's link: hidden, and its chart's focus stop taken out.
        <Box aria-hidden inert mt="xs">
          <Sparkline h={36} data={tile.trend} curveType="linear" color="blue" fillOpacity={0.3} strokeWidth={1.5} />
        </Box>
      )}
    </Card>
  );
}
