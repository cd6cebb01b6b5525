export { track, type AnalyticsEvent, type EventDetails } from './track';
