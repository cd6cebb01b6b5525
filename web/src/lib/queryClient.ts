import { QueryClient } from '@tanstack/react-query';

import { ContractError } from '../api/errors';

/**
 * Fresh for 5 minutes, kept for 30 (spec §9). The API client retries by itself, so queries do not; and it
 * queues changes made offline itself, so mutations always run rather than wait for the connection.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        retry: false,
        // An answer of the wrong shape is a bug: the crash screen shows it rather than a half-drawn page.
        throwOnError: (error) => error instanceof ContractError,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
