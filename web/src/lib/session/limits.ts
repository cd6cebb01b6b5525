/** Token expiry handling (spec §4, §9). */
export const EXPIRY_CHECK_MS = 60_000;
export const EXPIRY_WARNING_SECONDS = 300;

/** Where an ended session sends the user (spec §2). */
export const SESSION_EXPIRED_PATH = '/login?reason=session_expired';
