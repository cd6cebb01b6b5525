import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { usePageTitle } from '../../components/usePageTitle';
import { BrandCard } from './BrandCard';
import { QueryState } from '../../components/QueryState';
import classes from './catalogue.module.css';
import { useBrands } from './queries';

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle('home');
  const brands = useBrands();
  return (
    <>
      <section className={classes.hero}>
        <Title order={1}>{t('home.heroTitle')}</Title>
        <Text size="lg" mt="md" maw={720}>
          {t('home.heroText')}
        </Text>
        <Group mt="lg">
          <Button component={Link} to="/finder" size="md">
            {t('home.findShoes')}
          </Button>
          <Button component={Link} to="/products" size="md" variant="outline">
            {t('home.browseProducts')}
          </Button>
        </Group>
      </section>
      <section aria-labelledby="brands-title">
        <Title order={2} id="brands-title" mb="md">
          {t('home.brandsTitle')}
        </Title>
        <QueryState query={brands}>
          {(list) => (
            <ResponsiveGrid cols={{ sm: 2, md: 3 }} spacing="lg">
              {list.map((brand) => (
                <BrandCard key={brand.id} brand={brand} />
              ))}
            </ResponsiveGrid>
          )}
        </QueryState>
      </section>
    </>
  );
}
