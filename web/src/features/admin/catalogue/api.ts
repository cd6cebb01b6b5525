import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../../api/client';
import { LANGUAGES } from '../../../i18n/languages';
import { queryKeys, refresh } from '../../../lib/queryKeys';

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
  updatedAt: z.number(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;
export type ProductText = z.infer<typeof productTextSchema>;

export type BrandDraft = Omit<BrandRecord, 'productCount' | 'updatedAt'>;
export type ProductDraft = Omit<ProductRecord, 'updatedAt'>;

export function useAdminBrands() {
  return useQuery({ queryKey: queryKeys.admin.brands, queryFn: ({ signal }) => apiRequest('/admin/brands', { schema: z.array(brandRecordSchema), signal }) });
}

export function useAdminProducts() {
  return useQuery({ queryKey: queryKeys.admin.products, queryFn: ({ signal }) => apiRequest('/admin/products', { schema: z.array(productRecordSchema), signal }) });
}

/** After a change: the admin's lists, the dashboard's counts and every public catalogue answer are fetched again. */
export function useRefreshCatalogue() {
  const client = useQueryClient();
  return () => refresh(client, [queryKeys.brands.all, queryKeys.products.all, queryKeys.admin.brands, queryKeys.admin.products, queryKeys.admin.stats]);
}

export const saveBrand = (draft: BrandDraft, isNew: boolean) =>
  apiRequest(isNew ? '/admin/brands' : `/admin/brands/${encodeURIComponent(draft.id)}`, { method: isNew ? 'POST' : 'PUT', body: draft, schema: brandRecordSchema });

/** `delete` removes the brand's products with it; `move` hands them to `moveTo`. */
export const deleteBrand = (id: string, products?: { action: 'delete' } | { action: 'move'; moveTo: string }) => {
  const query = products ? (products.action === 'delete' ? '?products=delete' : `?products=move&moveTo=${encodeURIComponent(products.moveTo)}`) : '';
  return apiRequest(`/admin/brands/${encodeURIComponent(id)}${query}`, { method: 'DELETE' });
};

export const saveProduct = (draft: ProductDraft, isNew: boolean) =>
  apiRequest(isNew ? '/admin/products' : `/admin/products/${encodeURIComponent(draft.id)}`, { method: isNew ? 'POST' : 'PUT', body: draft, schema: productRecordSchema });

export const deleteProduct = (id: string) => apiRequest(`/admin/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
