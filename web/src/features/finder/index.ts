/** The shoe finder's public entry: what the admin's product form uses of it, and the key the admin's catalogue changes refresh. */
export { fitSchema, type Attribute, type Fit } from './api';
export { ATTRIBUTE_FILTERS } from './filters';
export { FINDER_KEY, useFinder } from './queries';
