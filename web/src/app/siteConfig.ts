import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../api/client';

const siteConfigSchema = z.object({ contactEmail: z.string(), websiteUrl: z.string() });

/** The installation's contact address and website (footer). */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => apiRequest('/config/site', { schema: siteConfigSchema, signal }),
    staleTime: Infinity,
  });
}
