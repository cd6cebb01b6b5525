import type { Axis, Family, Fit } from './api';

const emptyFit: Fit = {
  boxShape: [],
  platformWidth: [],
  shankStrength: [],
  vampLength: [],
  wingHeight: [],
  heelHeight: [],
  footShape: [],
  footShapeOriginal: '',
  availability: [],
  level: [],
  technology: [],
  sizes: [],
  widths: [],
  materials: [],
  priceMin: null,
  priceMax: null,
  priceRemark: '',
  makers: [],
  notes: {},
  sources: [],
  unread: {},
};

const variant = (id: string, fit: Partial<Fit>, axes: Axis[] = []) => ({ id, name: id, price: '', link: 'https://maker.example/', image: '', fit: { ...emptyFit, ...fit }, axes });

/** A model of its own for the finder's tests (a family of one): `fit` on top of an empty one. */
export function testModel(id: string, brandId: string, fit: Partial<Fit> = {}): Family {
  return testFamily(id, brandId, [[id, fit, []]]);
}

/** A family of variants for the finder's tests: each its id, its fit on top of an empty one, and its axes. */
export function testFamily(id: string, brandId: string, variants: [string, Partial<Fit>, Axis[]][]): Family {
  return { id, brandId, brandName: brandId[0]!.toUpperCase() + brandId.slice(1), name: id, variants: variants.map(([own, fit, axes]) => variant(own, fit, axes)) };
}
