/** Token expiry handling (spec §4, §9). */
export const EXPIRY_CHECK_MS = 60_000;
export const EXPIRY_WARNING_SECONDS = 300;

/** Where an ended session sends the user (spec §2). */
export const SESSION_EXPIRED_PATH = '/login?reason=session_expired';

/** Queries that hold a signed-in user's data start with this key; they are dropped at logout. */
export const MEMBER_QUERY_KEY = ['member'] as const;
