/** The shoe finder's public entry: what the admin's product form uses of it. */
export { fitSchema, type Attribute, type Fit } from './api';
export { ATTRIBUTE_FILTERS } from './filters';
export { useFinder } from './queries';
