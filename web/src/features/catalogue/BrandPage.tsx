import { Anchor, Button, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { usePageTitle } from '../../components/usePageTitle';
import { NotFoundPage } from '../../components/NotFoundPage';
import type { Brand } from './api';
import { QueryState } from '../../components/QueryState';
import classes from './catalogue.module.css';
import { ProductCard } from './ProductCard';
import { useBrandProducts, useBrands } from './queries';

export function BrandPage() {
  const { brandId } = useParams();
  const brands = useBrands();
  return (
    <QueryState query={brands}>
      {(list) => {
        const brand = list.find((candidate) => candidate.id === brandId);
        return brand ? <BrandDetail brand={brand} /> : <NotFoundPage />;
      }}
    </QueryState>
  );
}

function BrandDetail({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  usePageTitle('brand', brand.name);
  const products = useBrandProducts(brand.id);
  return (
    <Stack gap="xl">
      <Anchor component={Link} to="/" size="sm">
        {t('brand.allBrands')}
      </Anchor>
      <section className={classes.brandHeader}>
        <Image src={brand.image} alt={t('brand.imageAlt', { name: brand.name })} radius="md" className={`${classes.artwork} ${classes.brandPicture}`} />
        <div>
          <Title order={1}>{brand.name}</Title>
          <Text size="lg" mt="sm">
            {brand.description}
          </Text>
          <Group mt="lg">
            <Button component="a" href={brand.link} target="_blank" rel="noopener noreferrer" rightSection={<IconExternalLink size={16} aria-label={t('search.opensInNewTab')} />}>
              {t('brand.officialWebsite')}
            </Button>
            {brand.retailerLink && (
              <Button component="a" href={brand.retailerLink} target="_blank" rel="noopener noreferrer" variant="outline" rightSection={<IconExternalLink size={16} aria-label={t('search.opensInNewTab')} />}>
                {t('brand.findRetailer')}
              </Button>
            )}
          </Group>
        </div>
      </section>
      {/* Makers added by the shoe data set's import have a description only. */}
      {brand.history && (
        <section>
          <Title order={2} mb="sm">
            {t('brand.history')}
          </Title>
          <Text>{brand.history}</Text>
        </section>
      )}
      {(brand.keyFeatures.length > 0 || brand.popularModels.length > 0) && (
        <ResponsiveGrid cols={{ sm: 2 }} spacing="xl">
          <section>
            <Title order={2} mb="sm">
              {t('brand.keyFeatures')}
            </Title>
            <List spacing="xs">
              {brand.keyFeatures.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </section>
          <section>
            <Title order={2} mb="sm">
              {t('brand.popularModels')}
            </Title>
            <List spacing="xs">
              {brand.popularModels.map((model) => (
                <List.Item key={model}>{model}</List.Item>
              ))}
            </List>
          </section>
        </ResponsiveGrid>
      )}
      <QueryState query={products}>
        {(own) =>
          own.length === 0 ? null : (
            <section>
              <Title order={2} mb="md">
                {t('brand.products', { name: brand.name })}
              </Title>
              <ResponsiveGrid cols={{ sm: 2, md: 3 }} spacing="lg">
                {own.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </ResponsiveGrid>
            </section>
          )
        }
      </QueryState>
    </Stack>
  );
}
