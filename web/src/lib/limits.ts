/** How long typing must pause before a search box (the site's, an admin table's) asks again. */
export const SEARCH_DEBOUNCE_MS = 300;
/** How long a search's words rest before the site's analytics counts the search. */
export const SEARCH_COUNTED_AFTER_MS = 1200;
