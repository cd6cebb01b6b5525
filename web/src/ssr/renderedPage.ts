import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The `<script type="application/json">` in which the server sends the data a drawn page was drawn from. */
export const PAGE_DATA_ID = 'page-data';

export interface RenderedPage {
  /** The page's queries and their answers. */
  queries: { key: QueryKey; data: unknown }[];
}

/** The data of the page the server drew, or undefined when it sent the bare app (which then draws it). */
export function readRenderedPage(): RenderedPage | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RenderedPage;
  } catch {
    return undefined;
  }
}

/**
 * Puts the drawn page's answers in the query cache, fresh as of now: the browser never uses a page unchecked
 * (`no-cache`) and the server drops the pages it keeps whenever their data changes, so even a page drawn an
 * hour ago carries current answers. (Stamped with the time of drawing, a kept page's queries were read all
 * over again at take-over once older than the stale time.) TanStack Query's own `hydrate` does more, for
 * states this page never sends, and would weigh on every page.
 */
export function fillQueryCache(queryClient: QueryClient, page: RenderedPage) {
  const updatedAt = Date.now();
  for (const { key, data } of page.queries) queryClient.setQueryData(key, data, { updatedAt });
}
