import type { DehydratedState } from '@tanstack/react-query';

/** The `<script type="application/json">` in which the server sends the data a drawn page was drawn from. */
export const PAGE_DATA_ID = 'page-data';

export interface RenderedPage {
  /** The page's queries and their answers, as TanStack Query's `dehydrate` gives them. */
  queries: DehydratedState;
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
