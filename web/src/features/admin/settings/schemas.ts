/** The settings groups' answers, as the cards read them (GET and PUT /api/admin/settings/{name}). */
import { z } from 'zod/mini';

import { LANGUAGES, type Language } from '../../../i18n/languages';

export const auditSchema = z.object({ retentionDays: z.number() });

export const botCheckSchema = z.object({
  provider: z.enum(['altcha', 'turnstile']),
  difficulty: z.number(),
  turnstileSiteKey: z.string(),
  turnstileSecret: z.string(),
});

export const analyticsSchema = z.object({ measurementId: z.string(), cloudflareToken: z.string() });
export const analyticsCollectionSchema = z.object({ retentionDays: z.number(), recordSearchTerms: z.boolean() });

export const campaignSendingSchema = z.object({ ratePerSecond: z.number(), concurrency: z.number(), tracking: z.boolean() });

export const aiModelsSchema = z.object({
  models: z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodMiniString>),
  choices: z.array(z.string()),
});
