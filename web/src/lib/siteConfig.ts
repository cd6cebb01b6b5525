import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

import { apiRequest } from '../api/client';
import { LANGUAGES, type Language } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';

/** A text per language; blank means "use the built-in translation". */
export const textsSchema = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodMiniString>);
export type Texts = z.infer<typeof textsSchema>;

export const siteConfigSchema = z.object({
  siteName: z.string(),
  slogan: textsSchema,
  location: textsSchema,
  contactEmail: z.string(),
  websiteUrl: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** What the header and footer read: the identity, and the credit owed for the shoe models' data. */
export const publicSiteSchema = z.extend(siteConfigSchema, { dataCredit: z.string() });

/** Shared by the layout, which reads it, and the admin's settings, which write it. */
export const SITE_CONFIG_KEY = ['site-config'] as const;

export const siteConfigQuery = () =>
  queryOptions({ queryKey: SITE_CONFIG_KEY, queryFn: ({ signal }) => apiRequest('/config/site', { schema: publicSiteSchema, signal }) });

/**
 * The installation's identity as the admin set it (GET /api/config/site). The default freshness
 * (spec §9) applies, and saving it in the admin refreshes it at once. With `fetch` false it only reads
 * what the layout's header fetched.
 */
export function useSiteConfig(fetch = true) {
  return useQuery({ ...siteConfigQuery(), enabled: fetch });
}

const filled = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value : undefined);

/** The site's name, slogan and location in the interface language (the built-in texts where left blank), contact, website and the data's credit. */
export function useSiteIdentity(fetch = true) {
  const { t } = useTranslation();
  const language = useLanguage();
  const config = useSiteConfig(fetch).data;
  return {
    name: filled(config?.siteName) ?? t('site.name'),
    slogan: filled(config?.slogan[language]) ?? t('site.slogan'),
    location: filled(config?.location[language]) ?? t('footer.location'),
    contactEmail: filled(config?.contactEmail),
    websiteUrl: filled(config?.websiteUrl),
    dataCredit: config?.dataCredit,
  };
}
