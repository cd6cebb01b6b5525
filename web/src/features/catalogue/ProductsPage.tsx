import { Anchor, NativeSelect, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { usePageTitle } from '../../components/usePageTitle';
import { PagePicker } from '../../components/PagePicker';
import { QueryState } from '../../components/QueryState';
import { ProductCard } from './ProductCard';
import { useBrands, useProducts } from './queries';

/** Products on one page of the catalogue. */
const PRODUCTS_PER_PAGE = 24;

/**
 * The catalogue, optionally narrowed to one brand (`?brand=bloch`), a page at a time (`?page=2`): both in
 * the address, so the choice survives a reload and can be shared.
 */
export function ProductsPage() {
  const { t } = useTranslation();
  usePageTitle('products');
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  const brands = useBrands().data ?? [];
  const brandId = params.get('brand') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const chooseBrand = (id: string) => {
    if (id) params.set('brand', id);
    else params.delete('brand');
    params.delete('page');
    // At once: the brand list shows the address's brand, which the router would otherwise change in a transition.
    setParams(params, { replace: true, flushSync: true });
  };
  const choosePage = (next: number) => {
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setParams(params);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <Title order={1}>{t('products.title')}</Title>
      <Text mt="sm" maw={720}>
        {t('products.intro')}
      </Text>
      <Anchor component={Link} to="/finder" display="inline-block" mt="xs" mb="lg">
        {t('products.toFinder')}
      </Anchor>
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
          const matching = brandId ? all.filter((product) => product.brandId === brandId) : all;
          const pageCount = Math.max(1, Math.ceil(matching.length / PRODUCTS_PER_PAGE));
          const current = Math.min(page, pageCount);
          const shown = matching.slice((current - 1) * PRODUCTS_PER_PAGE, current * PRODUCTS_PER_PAGE);
          return shown.length === 0 ? (
            <Text>{t('products.empty')}</Text>
          ) : (
            <>
              <ResponsiveGrid cols={{ sm: 2, md: 3 }} spacing="lg">
                {shown.map((product) => (
                  <ProductCard key={product.id} product={product} headingOrder={2} />
                ))}
              </ResponsiveGrid>
              {pageCount > 1 && (
                <PagePicker label={t('products.pagerLabel')} total={pageCount} page={current} onChange={choosePage} />
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
