import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { MEMBER_KEY } from '../../lib/queryKeys';
import { fitProfileSchema, type FitProfile } from './profile';

/** A member's stored profile: none (null) until she saves one. */
export const storedProfileSchema = z.object({ profile: z.nullable(fitProfileSchema), updatedAt: z.nullable(z.number()) });
export type StoredProfile = z.infer<typeof storedProfileSchema>;
export const profileDeletedSchema = z.object({ deleted: z.boolean() });

const FIT_PROFILE_KEY = [...MEMBER_KEY, 'fit-profile'] as const;

const fitProfileQuery = () =>
  queryOptions({ queryKey: FIT_PROFILE_KEY, queryFn: ({ signal }) => apiRequest('/fit-profile', { schema: storedProfileSchema, signal }) });

/** The signed-in member's profile (`enabled` false for a visitor, whose profile is on her device). */
export function useStoredProfile(enabled: boolean) {
  return useQuery({ ...fitProfileQuery(), enabled });
}

/** Saves the whole profile on her account; the page shows what the server kept. */
export function useSaveProfile() {
  const client = useQueryClient();
  return async (profile: FitProfile) => {
    const saved = await apiRequest('/fit-profile', { method: 'PUT', body: profile, schema: storedProfileSchema });
    client.setQueryData(FIT_PROFILE_KEY, saved);
    return saved;
  };
}

export function useDeleteProfile() {
  const client = useQueryClient();
  return async () => {
    await apiRequest('/fit-profile', { method: 'DELETE', schema: profileDeletedSchema });
    client.setQueryData(FIT_PROFILE_KEY, { profile: null, updatedAt: null });
  };
}

export const recommendationsSchema = z.object({
  notes: z.array(z.string()),
  families: z.array(
    z.object({
      familyId: z.string(),
      name: z.string(),
      brandName: z.string(),
      variantId: z.string(),
      variantName: z.nullable(z.string()),
      page: z.string(),
      price: z.string(),
      image: z.string(),
      score: z.number(),
      reasons: z.array(z.string()),
      warnings: z.array(z.string()),
    }),
  ),
});
export type Recommendation = z.infer<typeof recommendationsSchema>['families'][number];

/** The families that suit `profile`, in the interface's language (a profile is sent, never kept). */
export function useRecommendations(profile: FitProfile) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['fit', 'recommendations', language, profile],
    queryFn: ({ signal }) => apiRequest(`/fit/recommendations?lang=${language}`, { method: 'POST', body: profile, schema: recommendationsSchema, signal }),
  });
}
