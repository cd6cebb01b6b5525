import type { MessageCode } from '../../i18n/serverTexts';

/**
 * The field rules of spec §5, as the server applies them (server/src/users/validation.rs), giving the
 * same codes, so a field reads the same whichever side found its problem. The server alone checks the list
 * of common passwords; its answer shows at the field.
 */
export type RuleProblem = { code: MessageCode };
type Rule = (value: string) => RuleProblem | undefined;

export const PASSWORD_SPECIALS = '@!#$%^&*()-+';
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
const LOCATION_MAX = 99;

const USERNAME_MIN = 3;
const USERNAME_MAX = 32;

export const username: Rule = (value) => {
  const characters = [...value.trim()];
  const first = characters[0];
  if (first === undefined) return { code: 'username_required' };
  if (!/\p{L}/u.test(first)) return { code: 'username_letter' };
  if (characters.length < USERNAME_MIN || characters.length > USERNAME_MAX) return { code: 'username_length' };
  return characters.every((char) => /[\p{L}\p{N}._-]/u.test(char)) ? undefined : { code: 'username_characters' };
};

export const email: Rule = (value) => {
  const trimmed = value.trim();
  const at = trimmed.indexOf('@');
  const [local, domain] = at < 0 ? ['', ''] : [trimmed.slice(0, at), trimmed.slice(at + 1)];
  const domainOk =
    domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !domain.includes('..') && /^[\p{L}\p{N}.-]+$/u.test(domain);
  const localOk = local.length > 0 && local.length <= 64 && !/\s/.test(local);
  return localOk && domainOk && value.length <= 254 ? undefined : { code: 'invalid_email' };
};

export const password: Rule = (value) => {
  const length = [...value].length;
  if (length < PASSWORD_MIN) return { code: 'password_short' };
  if (length > PASSWORD_MAX) return { code: 'password_long' };
  return [...value].some((char) => PASSWORD_SPECIALS.includes(char)) ? undefined : { code: 'password_special' };
};

/** A password typed at all (to sign in, or the current one): the client's own `password_required`. */
export const passwordGiven: Rule = (value) => (value === '' ? { code: 'password_required' } : undefined);

export const passwordsMatch = (value: string, confirmation: string): RuleProblem | undefined =>
  value === confirmation ? undefined : { code: 'passwords_differ' };

/** A new password and its confirmation, as sign-up, the password reset and the admin's new user send them. */
// Types, not interfaces: a form's values (`useForm`) are a record, which an interface is not.
export type NewPassword = {
  password: string;
  confirmPassword: string;
};

export const newPassword = (values: NewPassword) => ({
  password: password(values.password),
  confirmPassword: passwordsMatch(values.password, values.confirmPassword),
});

/** Digits, spaces, `+` (first only), `-`, `.` and parentheses, with 7 to 15 digits. Empty is fine (optional). */
export const phone: Rule = (value) => {
  if (value.trim() === '') return undefined;
  const digits = value.replace(/\D/g, '').length;
  const plusOk = !value.includes('+') || (value.trim().indexOf('+') === 0 && value.split('+').length === 2);
  return /^[\d +\-.()]*$/.test(value) && plusOk && digits >= 7 && digits <= 15 ? undefined : { code: 'invalid_phone' };
};

export const location: Rule = (value) => ([...value].length <= LOCATION_MAX ? undefined : { code: 'location_too_long' });

/** A real date from 1900 to today; empty is fine (optional). */
export const birthDate: Rule = (value) => {
  if (value === '') return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  const real = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  return real && date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now() ? undefined : { code: 'invalid_birth_date' };
};

export const GENDERS = ['female', 'male', 'other'] as const;

/** The optional profile a member gives at sign-up and changes in their account ('' where not given). */
export type Profile = {
  gender: string;
  birthDate: string;
  phone: string;
  location: string;
};

export const profile = (values: Profile) => ({
  birthDate: birthDate(values.birthDate),
  phone: phone(values.phone),
  location: location(values.location),
});

export const code: Rule = (value) => (/^\d{6}$/.test(value.trim()) ? undefined : { code: 'invalid_code_format' });
