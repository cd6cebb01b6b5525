/** Token expiry handling (spec §4, §9). */
export const EXPIRY_CHECK_MS = 60_000;
export const EXPIRY_WARNING_SECONDS = 300;
/**
 * A scroll while the warning opens is the dialog's own doing (focus moving into it), not the user being
 * there: a `scroll` inside the warning extends the session from this long after it opened.
 */
export const SCROLL_SETTLE_MS = 1_000;

/** Where an ended session sends the user (spec §2). */
export const SESSION_EXPIRED_PATH = '/login?reason=session_expired';
