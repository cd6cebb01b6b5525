export { NetworkStatus } from './NetworkStatus';
