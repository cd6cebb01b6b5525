import { IconShoe, IconTag } from '@tabler/icons-react';

import type { AdminScreen } from '../adminScreen';
import { BrandsScreen } from './BrandsScreen';
import { ProductsScreen } from './ProductsScreen';

/** What the model families' screen uses: the products it offers to group, and their brands' names. */
export { useAdminBrands, useAdminProducts, type BrandRecord, type ProductRecord } from './api';

export const brandsScreen: AdminScreen = { path: 'brands', key: 'brands', icon: IconTag, permission: 'catalogue', component: BrandsScreen };
export const productsScreen: AdminScreen = { path: 'products', key: 'products', icon: IconShoe, permission: 'catalogue', component: ProductsScreen };
