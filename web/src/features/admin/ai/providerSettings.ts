import { z } from 'zod/mini';

import { between, endpointAddress, maxLength, required } from '../validation';

/** GET and PUT /api/admin/settings/ai-providers; the key and the token come as ******** when stored. */
export const providerSettingsSchema = z.object({
  gateway: z.object({ enabled: z.boolean(), baseUrl: z.string(), apiKey: z.string(), timeoutSeconds: z.number() }),
  edge: z.object({
    enabled: z.boolean(),
    accountId: z.string(),
    apiToken: z.string(),
    model: z.string(),
    baseUrl: z.string(),
    timeoutSeconds: z.number(),
  }),
  questionsPerHour: z.number(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** The form's values, named by the dotted paths the server's field errors use (`edge.accountId`). */
export type ProviderValues = {
  'gateway.enabled': boolean;
  'gateway.baseUrl': string;
  'gateway.apiKey': string;
  'gateway.timeoutSeconds': string;
  'edge.enabled': boolean;
  'edge.accountId': string;
  'edge.apiToken': string;
  'edge.model': string;
  'edge.baseUrl': string;
  'edge.timeoutSeconds': string;
  questionsPerHour: string;
};

/** The server's limit on how long a provider may take to answer. */
export const TIMEOUT_SECONDS = { min: 1, max: 300 };
/** The server's bounds on the whole site's questions per hour. */
export const QUESTIONS_PER_HOUR = { min: 1, max: 100_000 };

export function toValues({ gateway, edge, questionsPerHour }: ProviderSettings): ProviderValues {
  return {
    'gateway.enabled': gateway.enabled,
    'gateway.baseUrl': gateway.baseUrl,
    'gateway.apiKey': gateway.apiKey,
    'gateway.timeoutSeconds': String(gateway.timeoutSeconds),
    'edge.enabled': edge.enabled,
    'edge.accountId': edge.accountId,
    'edge.apiToken': edge.apiToken,
    'edge.model': edge.model,
    'edge.baseUrl': edge.baseUrl,
    'edge.timeoutSeconds': String(edge.timeoutSeconds),
    questionsPerHour: String(questionsPerHour),
  };
}

/** Secrets go as typed (a ******** left as it is keeps the stored one); the other texts trimmed. */
export function toSettings(values: ProviderValues): ProviderSettings {
  return {
    gateway: {
      enabled: values['gateway.enabled'],
      baseUrl: values['gateway.baseUrl'].trim(),
      apiKey: values['gateway.apiKey'],
      timeoutSeconds: Number(values['gateway.timeoutSeconds']),
    },
    edge: {
      enabled: values['edge.enabled'],
      accountId: values['edge.accountId'].trim(),
      apiToken: values['edge.apiToken'],
      model: values['edge.model'].trim(),
      baseUrl: values['edge.baseUrl'].trim(),
      timeoutSeconds: Number(values['edge.timeoutSeconds']),
    },
    questionsPerHour: Number(values.questionsPerHour),
  };
}

const timeout = (value: string) => between(Number(value || NaN), TIMEOUT_SECONDS.min, TIMEOUT_SECONDS.max);

/** The server's rules: a provider switched on needs what it connects with. */
export function checkProviders(values: ProviderValues) {
  const edgeOn = values['edge.enabled'];
  return {
    'gateway.baseUrl': endpointAddress(values['gateway.baseUrl'], values['gateway.enabled']),
    'gateway.apiKey': maxLength(values['gateway.apiKey'], 500),
    'gateway.timeoutSeconds': timeout(values['gateway.timeoutSeconds']),
    'edge.accountId': edgeOn ? required(values['edge.accountId'], 100) : maxLength(values['edge.accountId'], 100),
    'edge.apiToken': edgeOn ? required(values['edge.apiToken'], 500) : maxLength(values['edge.apiToken'], 500),
    'edge.model': required(values['edge.model'], 200),
    'edge.baseUrl': endpointAddress(values['edge.baseUrl'], true),
    'edge.timeoutSeconds': timeout(values['edge.timeoutSeconds']),
    questionsPerHour: between(Number(values.questionsPerHour || NaN), QUESTIONS_PER_HOUR.min, QUESTIONS_PER_HOUR.max),
  };
}
