// The suppression list: the campaigns' screen shows it; the contract test reads its schemas.
export { liftedSchema, suppressionPageSchema, type Suppression, type SuppressionPage } from './api';
export { SuppressionsCard } from './SuppressionsCard';
