import { NativeSelect, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { usePageTitle } from '../../components/usePageTitle';
import { QueryState } from '../../components/QueryState';
import { ProductCard } from './ProductCard';
import { useBrands, useProducts } from './queries';
import { HydrateLater } from '../../lib/preact/hydrateInSlices';

/** The catalogue, optionally narrowed to one brand (`?brand=bloch`, so the choice survives a reload). */
export function ProductsPage() {
  const { t } = useTranslation();
  usePageTitle('products');
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  const brands = useBrands().data ?? [];
  const brandId = params.get('brand') ?? '';

  const chooseBrand = (id: string) => {
    if (id) params.set('brand', id);
    else params.delete('brand');
    setParams(params, { replace: true });
  };

  return (
    <>
      <Title order={1}>{t('products.title')}</Title>
      <Text mt="sm" mb="lg" maw={720}>
        {t('products.intro')}
      </Text>
      <NativeSelect
        label={t('products.filterLabel')}
        value={brandId}
        onChange={(event) => chooseBrand(event.currentTarget.value)}
        data={[{ value: '', label: t('products.allBrands') }, ...brands.map((brand) => ({ value: brand.id, label: brand.name }))]}
        maw={280}
        mb="lg"
      />
      <QueryState query={products}>
        {(all) => {
          const shown = brandId ? all.filter((product) => product.brandId === brandId) : all;
          return shown.length === 0 ? (
            <Text>{t('products.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {shown.map((product) => (
                <HydrateLater key={product.id}>
                  <ProductCard product={product} headingOrder={2} />
                </HydrateLater>
              ))}
            </SimpleGrid>
          );
        }}
      </QueryState>
    </>
  );
}
