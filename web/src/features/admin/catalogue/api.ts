import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest, writeEach } from '../../../api/client';
import { LANGUAGES } from '../../../i18n/languages';
import { CATALOGUE_KEYS } from '../../catalogue';
import { ADMIN_KEY, adminKeys } from '../queryKeys';
import { useRefreshingMutation } from '../../../lib/useRefreshingMutation';
import { FINDER_KEY, fitSchema } from '../../finder';

const BRANDS_KEY = [...ADMIN_KEY, 'brands'] as const;
const PRODUCTS_KEY = adminKeys.products;

const brandTextSchema = z.object({
  name: z.string(),
  description: z.string(),
  history: z.string(),
  keyFeatures: z.array(z.string()),
  popularModels: z.array(z.string()),
});
const productTextSchema = z.object({ name: z.string(), description: z.string() });

export const brandRecordSchema = z.object({
  id: z.string(),
  image: z.string(),
  link: z.string(),
  retailerLink: z.string(),
  translations: z.partialRecord(z.enum(LANGUAGES), brandTextSchema),
  productCount: z.number(),
  updatedAt: z.number(),
});
export type BrandRecord = z.infer<typeof brandRecordSchema>;
export type BrandText = z.infer<typeof brandTextSchema>;

export const productRecordSchema = z.object({
  id: z.string(),
  brandId: z.string(),
  price: z.string(),
  image: z.string(),
  link: z.string(),
  translations: z.partialRecord(z.enum(LANGUAGES), productTextSchema),
  /** Its fit, when the model is in the shoe finder. */
  fit: z.nullish(fitSchema),
  updatedAt: z.number(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;
export type ProductText = z.infer<typeof productTextSchema>;

export type BrandDraft = Omit<BrandRecord, 'productCount' | 'updatedAt'>;
export type ProductDraft = Omit<ProductRecord, 'updatedAt'>;

export const adminBrandsQuery = () => queryOptions({ queryKey: BRANDS_KEY, queryFn: ({ signal }) => apiRequest('/admin/brands', { schema: z.array(brandRecordSchema), signal }) });

export const useAdminBrands = () => useQuery(adminBrandsQuery());

export const adminProductsQuery = () => queryOptions({ queryKey: PRODUCTS_KEY, queryFn: ({ signal }) => apiRequest('/admin/products', { schema: z.array(productRecordSchema), signal }) });

export const useAdminProducts = () => useQuery(adminProductsQuery());

/** What a catalogue change refreshes: the admin's lists (the model families name their products), the dashboard's counts and every public catalogue answer. */
const CATALOGUE_VIEWS = [...CATALOGUE_KEYS, FINDER_KEY, BRANDS_KEY, PRODUCTS_KEY, adminKeys.families, adminKeys.stats];

/** What happens to a deleted brand's products: deleted with it, or handed to another brand. */
export type OrphanedProducts = { action: 'delete' } | { action: 'move'; moveTo: string };

export function useSaveBrand() {
  return useRefreshingMutation(
    ({ draft, isNew }: { draft: BrandDraft; isNew: boolean }) =>
      apiRequest(isNew ? '/admin/brands' : `/admin/brands/${encodeURIComponent(draft.id)}`, { method: isNew ? 'POST' : 'PUT', body: draft, schema: brandRecordSchema }),
    CATALOGUE_VIEWS,
  );
}

/** Deletes the brands one after the other; `products` says what becomes of those that have some. */
export function useDeleteBrands() {
  return useRefreshingMutation(async ({ brands, products }: { brands: readonly BrandRecord[]; products: OrphanedProducts }) => {
    await writeEach(brands, (brand) => {
      const query =
        brand.productCount === 0 ? '' : products.action === 'delete' ? '?products=delete' : `?products=move&moveTo=${encodeURIComponent(products.moveTo)}`;
      return apiRequest(`/admin/brands/${encodeURIComponent(brand.id)}${query}`, { method: 'DELETE' });
    });
  }, CATALOGUE_VIEWS);
}

export function useSaveProduct() {
  return useRefreshingMutation(
    ({ draft, isNew }: { draft: ProductDraft; isNew: boolean }) =>
      apiRequest(isNew ? '/admin/products' : `/admin/products/${encodeURIComponent(draft.id)}`, { method: isNew ? 'POST' : 'PUT', body: draft, schema: productRecordSchema }),
    CATALOGUE_VIEWS,
  );
}

export function useDeleteProducts() {
  return useRefreshingMutation(async (products: readonly ProductRecord[]) => {
    await writeEach(products, (product) => apiRequest(`/admin/products/${encodeURIComponent(product.id)}`, { method: 'DELETE' }));
  }, CATALOGUE_VIEWS);
}
