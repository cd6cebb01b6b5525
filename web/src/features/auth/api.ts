import { z } from 'zod/mini';

import { apiRequest } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { Language } from '../../i18n/languages';
import type { NewPassword, Profile } from '../../lib/form/validation';
import { signedInSchema, type SignedIn } from '../../lib/session/api';

/** A code was e-mailed: the next step sends it with `challengeId`. */
export const codeStepSchema = z.object({
  requiresVerification: z.optional(z.boolean()),
  requiresTwoFactor: z.optional(z.boolean()),
  challengeId: z.string(),
  message: z.string(),
  resendAfter: z.number(),
  /** E-mail delivery is behind: the code is queued and may arrive late. */
  mailDelayed: z.optional(z.boolean()),
});
export type CodeStep = z.infer<typeof codeStepSchema>;

export type AuthStep = { kind: 'signedIn'; session: SignedIn } | { kind: 'code'; step: CodeStep };

/** What login and sign-up answer: a session, or a code step. */
export const authAnswerSchema = z.union([signedInSchema, codeStepSchema]);

/** Reads an answer that either signs in or asks for a code; anything else is "Invalid response" (spec §8), `invalid_response`. */
function authStep(answer: unknown): AuthStep {
  const signedIn = signedInSchema.safeParse(answer);
  if (signedIn.success) return { kind: 'signedIn', session: signedIn.data };
  const step = codeStepSchema.safeParse(answer);
  if (step.success) return { kind: 'code', step: step.data };
  throw new ApiError('Invalid response', 200, { code: 'invalid_response' });
}

export interface Credentials {
  username: string;
  password: string;
  turnstileToken: string;
}

export async function login(credentials: Credentials): Promise<AuthStep> {
  return authStep(await apiRequest('/auth/login', { method: 'POST', body: credentials }));
}

export type SignupFields = NewPassword &
  Profile & {
  username: string;
  email: string;
  acceptTerms: boolean;
  /** Consent to newsletters and offers by e-mail; unticked unless the person ticks it. */
  newsletter: boolean;
};

export async function signup(fields: SignupFields & { language: Language; turnstileToken: string }): Promise<AuthStep> {
  return authStep(await apiRequest('/auth/signup', { method: 'POST', body: fields }));
}

export function verifyCode(challengeId: string, code: string): Promise<SignedIn> {
  return apiRequest('/auth/verify-code', { method: 'POST', body: { challengeId, code }, schema: signedInSchema });
}

export function resendCode(challengeId: string): Promise<CodeStep> {
  return apiRequest('/auth/resend-code', { method: 'POST', body: { challengeId }, schema: codeStepSchema });
}

export const messageSchema = z.object({ message: z.string() });

export function requestPasswordReset(email: string, turnstileToken: string): Promise<{ message: string }> {
  return apiRequest('/auth/request-password-reset', { method: 'POST', body: { email, turnstileToken }, schema: messageSchema });
}

export function resetPassword(token: string, passwords: NewPassword): Promise<{ message: string }> {
  return apiRequest('/auth/reset-password', { method: 'POST', body: { token, ...passwords }, schema: messageSchema });
}
