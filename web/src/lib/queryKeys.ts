import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * Each feature defines its queries' keys beside them, as `queryOptions` factories (features/<name>/queries.ts,
 * an admin area's api.ts). A key is a prefix of the keys below it, so a change refreshes exactly what it
 * touches by naming those prefixes (`refresh`); a feature exports the prefixes others refresh. The keys'
 * values are what the server's render sends with a drawn page (ssr/renderedPage.ts): changing one makes a
 * drawn page's data go unfound.
 */

/** A signed-in user's data (their account, the tips, the admin): the session drops everything under it at logout. */
export const MEMBER_KEY = ['member'] as const;

/** Marks the queries under each of `prefixes` stale; those on screen fetch again (awaited). */
export async function refresh(client: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}
