import type { Brand, Product } from '../catalogue';

/** A brand as the API sends it; what a test does not give is empty. */
export const brandFixture = (fields: Pick<Brand, 'id' | 'name'> & Partial<Brand>): Brand => ({
  description: '',
  history: '',
  keyFeatures: [],
  popularModels: [],
  image: '',
  link: '',
  retailerLink: '',
  ...fields,
});

/** A product as the API sends it; what a test does not give is empty. */
export const productFixture = (fields: Pick<Product, 'id' | 'name'> & Partial<Product>): Product => ({
  brandId: 'bloch',
  description: '',
  image: '',
  link: '',
  price: '',
  ...fields,
});
