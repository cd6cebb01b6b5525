import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { queryKeys } from '../../lib/queryKeys';
import { useCurrentUser } from '../../lib/session/session';
import { ADMIN_NAMESPACE } from './i18n';
import { ADMIN_SCREENS, canOpen, type ScreenKey } from './screens';

export const statsSchema = z.object({ users: z.number(), brands: z.number(), products: z.number(), posts: z.number(), activeSessions: z.number() });
type Stats = z.infer<typeof statsSchema>;

/** Each count and the screen it links to. */
const TILES: { count: keyof Stats; screen: ScreenKey }[] = [
  { count: 'users', screen: 'users' },
  { count: 'brands', screen: 'brands' },
  { count: 'products', screen: 'products' },
  { count: 'posts', screen: 'blog' },
  { count: 'activeSessions', screen: 'sessions' },
];

/** The dashboard's index: the site's numbers, each a way into its screen. */
export function DashboardPage() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  usePageTitle('admin');
  const permissions = useCurrentUser()?.permissions ?? [];
  const stats = useQuery({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => apiRequest('/admin/stats', { schema: statsSchema, signal }),
  });
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t('screens.dashboard')}
      </Title>
      {stats.isPending && <PageLoader />}
      {stats.isError && <LoadFailed error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
          {TILES.map(({ count, screen }) => {
            const target = ADMIN_SCREENS.find((candidate) => candidate.key === screen);
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
            return target && canOpen(target, permissions) ? (
              <Card key={count} withBorder radius="md" component={Link} to={`/admin/${target.path}`}>
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
