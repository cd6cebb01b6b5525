import type { Problem } from '../../api/errors';
import type { MessageCode } from '../../i18n/serverTexts';
import type { AdminCode } from './adminTexts';

/**
 * The admin forms' field rules, giving the server's codes and values (server/src/fields.rs) so a field
 * reads the same whichever side found its problem.
 */
export const problem = (code: AdminCode | MessageCode, values?: Record<string, string | number>): Problem =>
  values ? { code, values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])) } : { code };

export const REQUIRED = problem('required');

export function required(value: string | undefined, max: number): Problem | undefined {
  if (value === undefined || value.trim() === '') return REQUIRED;
  return maxLength(value, max);
}

export function maxLength(value: string | undefined, max: number): Problem | undefined {
  return [...(value ?? '')].length > max ? problem('too_long', { max }) : undefined;
}

export function slug(value: string | undefined): Problem | undefined {
  return required(value, 64) ?? (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value ?? '') ? undefined : problem('not_a_slug'));
}

/** An http(s) address or a path on this site (not `//host`); empty passes unless required. */
export function webAddress(raw: string | undefined, isRequired: boolean): Problem | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return isRequired ? REQUIRED : undefined;
  const tooLong = maxLength(value, 2000);
  if (tooLong) return tooLong;
  const valid = /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/[^\s/?#@"<>]+([/?#][^\s"<>]*)?$/.test(value);
  return valid ? undefined : problem('not_a_web_address');
}

export function between(value: number, min: number, max: number): Problem | undefined {
  return Number.isInteger(value) && value >= min && value <= max ? undefined : problem('out_of_range', { min, max });
}

/** An http(s) address (an installation's own website); empty passes. */
export function httpAddress(raw: string | undefined): Problem | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  return maxLength(value, 2000) ?? (/^https?:\/\/[^\s/?#@"<>]+([/?#][^\s"<>]*)?$/i.test(value) ? undefined : problem('not_an_http_address'));
}

/** An API's base address (server/src/settings/ai_providers.rs): an http(s) URL of up to 500 characters. */
export function endpointAddress(raw: string | undefined, isRequired: boolean): Problem | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return isRequired ? REQUIRED : undefined;
  return maxLength(value, 500) ?? (isHttpUrl(value) ? undefined : problem('not_an_http_address'));
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
