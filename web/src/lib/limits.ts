/** How long typing must pause before a search box (the site's, an admin table's) asks again. */
export const SEARCH_DEBOUNCE_MS = 300;
