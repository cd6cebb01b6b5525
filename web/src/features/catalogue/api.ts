import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { Language } from '../../i18n/languages';
import { readCachedList, writeCachedList } from './localCache';

/**
 * The item's name in the site's other languages where it differs, so search finds it by any of them.
 * Optional, since lists kept in localStorage by older versions lack it and `readCachedList` checks kept
 * lists against these schemas. Read it as `otherNames ?? []`; it is not defaulted, so that a parsed list
 * stays exactly what was sent or kept.
 */
const otherNamesSchema = z.optional(z.array(z.string()));

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  history: z.string(),
  keyFeatures: z.array(z.string()),
  popularModels: z.array(z.string()),
  image: z.string(),
  link: z.string(),
  retailerLink: z.string(),
  otherNames: otherNamesSchema,
});
export type Brand = z.infer<typeof brandSchema>;

export const productSchema = z.object({
  id: z.string(),
  brandId: z.string(),
  name: z.string(),
  image: z.string(),
  link: z.string(),
  price: z.string(),
  description: z.string(),
  otherNames: otherNamesSchema,
});
export type Product = z.infer<typeof productSchema>;

export const BRANDS_KEY = 'site-brands';
export const PRODUCTS_KEY = 'site-products';

/**
 * A catalogue list from the server, kept in localStorage so that pages and search still work when the
 * server cannot be reached; without an answer the kept copy is used.
 */
async function cachedList<T>(key: string, language: Language, path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T[]> {
  try {
    const items = await apiRequest(path, { schema: z.array(schema), signal });
    writeCachedList(key, language, items);
    return items;
  } catch (error) {
    return keptOrThrow(error, key, language, schema);
  }
}

/** The kept copy when the server could not be reached; any other error (or no copy) is thrown on. */
function keptOrThrow<T>(error: unknown, key: string, language: Language, schema: z.ZodMiniType<T>): T[] {
  const kept = error instanceof ApiError && error.isNetworkError ? readCachedList(key, language, schema) : undefined;
  if (kept) return kept;
  throw error;
}

export function fetchBrands(language: Language, signal?: AbortSignal): Promise<Brand[]> {
  return cachedList(BRANDS_KEY, language, `/brands?lang=${language}`, brandSchema, signal);
}

export function fetchProducts(language: Language, signal?: AbortSignal): Promise<Product[]> {
  return cachedList(PRODUCTS_KEY, language, `/products?lang=${language}`, productSchema, signal);
}

/**
 * One maker's products (its page), a fraction of the whole list. Not kept on its own: without the server
 * it answers from the kept whole list.
 */
export async function fetchBrandProducts(language: Language, brandId: string, signal?: AbortSignal): Promise<Product[]> {
  try {
    return await apiRequest(`/products?brandId=${encodeURIComponent(brandId)}&lang=${language}`, { schema: z.array(productSchema), signal });
  } catch (error) {
    return keptOrThrow(error, PRODUCTS_KEY, language, productSchema).filter((product) => product.brandId === brandId);
  }
}
