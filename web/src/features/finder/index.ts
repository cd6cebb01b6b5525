/**
 * The shoe finder's public entry: what the admin's product form uses of it, the key the admin's catalogue
 * changes refresh, and what the fit profile uses (the models to pick from).
 */
export { fitSchema, type Attribute, type Family, type Fit } from './api';
export { ATTRIBUTE_FILTERS } from './filters';
export { FINDER_KEY, useFinder } from './queries';
/** Families for other features' tests (the fit profile's model picker). */
export { testFamily, testModel } from './testModels';
