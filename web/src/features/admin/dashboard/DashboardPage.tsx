import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCurrentUser } from '../../../lib/session/session';
import { useAdminText } from '../adminTexts';
import { ADMIN_NAMESPACE } from '../i18n';
import { canOpen, type AdminScreen } from '../adminScreen';
import { blogScreen } from '../blog';
import { brandsScreen, productsScreen } from '../catalogue';
import { sessionsScreen } from '../sessions';
import { usersScreen } from '../users';
import { useOverview, useStats, type Stats } from './api';
import { OverviewTiles } from './OverviewTiles';

/** Each count and the screen it links to. */
const TILES: { count: keyof Stats; screen: AdminScreen }[] = [
  { count: 'users', screen: usersScreen },
  { count: 'brands', screen: brandsScreen },
  { count: 'products', screen: productsScreen },
  { count: 'posts', screen: blogScreen },
  { count: 'activeSessions', screen: sessionsScreen },
];

/** The dashboard's index: how the site is doing, then what it holds; each figure a way into its screen. */
export function DashboardPage() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const { errorText } = useAdminText();
  usePageTitle('admin');
  const permissions = useCurrentUser()?.permissions ?? [];
  const overview = useOverview();
  const stats = useStats();
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.dashboard')}
      </Title>
      {overview.data && <OverviewTiles overview={overview.data} />}
      {overview.isError && (
        <LoadFailed title={t('overview.loadFailed')} error={new Error(errorText(overview.error))} onRetry={() => void overview.refetch()} />
      )}
      <Title order={2} size="h4" mb="sm">
        {t('overview.content')}
      </Title>
      {(stats.isPending || overview.isPending) && <PageLoader />}
      {stats.isError && <LoadFailed error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
          {TILES.map(({ count, screen }) => {
            const content = (
              <>
                <Text size="sm" c="dimmed">
                  {t(`counts.${count}`)}
                </Text>
                <Text fz={32} fw={700}>
                  {numbers.format(stats.data[count])}
                </Text>
              </>
            );
            return canOpen(screen, permissions) ? (
              <Card key={count} withBorder radius="md" component={Link} to={`/admin/${screen.path}`}>
                {content}
              </Card>
            ) : (
              <Card key={count} withBorder radius="md">
                {content}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </>
  );
}
