import type { Fit, Model } from './api';

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

/** A model for the finder's tests: `fit` on top of an empty one. */
export function testModel(id: string, brandId: string, fit: Partial<Fit> = {}): Model {
  return { id, brandId, brandName: brandId[0]!.toUpperCase() + brandId.slice(1), name: id, price: '', link: 'https://maker.example/', image: '', fit: { ...emptyFit, ...fit } };
}
