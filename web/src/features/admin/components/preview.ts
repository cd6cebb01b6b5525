/** How long typing pauses before a live preview (a post's body, an e-mail) is rendered again. */
export const PREVIEW_DEBOUNCE_MS = 400;
