import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { refresh } from './queryKeys';

/**
 * A write (`mutateAsync`) that, once it succeeds, refreshes the queries under `prefixes` before it
 * resolves, so a screen that awaits it shows the change.
 */
export function useRefreshingMutation<Variables, Result>(write: (variables: Variables) => Promise<Result>, prefixes: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refresh(client, prefixes) });
}
