/**
 * The admin forms' field rules, returning the server's English texts (server/src/admin/fields.rs) so
 * a message reads the same whichever side found it.
 */
export const REQUIRED = 'This field is required';

export const tooLong = (max: number) => `Must be at most ${max} characters`;

export function required(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.trim() === '') return REQUIRED;
  return maxLength(value, max);
}

export function maxLength(value: string | undefined, max: number): string | undefined {
  return [...(value ?? '')].length > max ? tooLong(max) : undefined;
}

export function slug(value: string | undefined): string | undefined {
  return required(value, 64) ?? (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value ?? '') ? undefined : 'Use lowercase letters, digits and hyphens only');
}

/** An http(s) address or a path on this site (not `//host`); empty passes unless required. */
export function webAddress(raw: string | undefined, isRequired: boolean): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return isRequired ? REQUIRED : undefined;
  const tooLongText = maxLength(value, 2000);
  if (tooLongText) return tooLongText;
  const valid = /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/[^\s/?#@"<>]+([/?#][^\s"<>]*)?$/.test(value);
  return valid ? undefined : 'Enter a web address starting with https:// or /';
}

export function between(value: number, min: number, max: number): string | undefined {
  return Number.isInteger(value) && value >= min && value <= max ? undefined : `Must be between ${min} and ${max}`;
}

/** An http(s) address (an installation's own website); empty passes. */
export function httpAddress(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  return maxLength(value, 2000) ?? (/^https?:\/\/[^\s/?#@"<>]+([/?#][^\s"<>]*)?$/i.test(value) ? undefined : 'Must be a web address starting with http:// or https://');
}

/** An API's base address (server/src/settings/ai_providers.rs): an http(s) URL of up to 500 characters. */
export function endpointAddress(raw: string | undefined, isRequired: boolean): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return isRequired ? REQUIRED : undefined;
  return maxLength(value, 500) ?? (isHttpUrl(value) ? undefined : 'Enter an address starting with http:// or https://');
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
