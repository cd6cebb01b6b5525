// The account's public entry: the key the admin refreshes when it changes a member's sessions.
export { OWN_SESSIONS_KEY } from './api';
