import { describe, expect, it } from 'vitest';

import en from '../../i18n/locales/en.json';
import * as rules from './validation';

/** The cases of the server's `spec_rules` test (server/src/users/validation.rs), on the client's rules. */
describe('field rules (spec §5)', () => {
  it('username: required, starts with a letter (any alphabet), 3 to 32 letters, digits, dots, hyphens, underscores', () => {
    expect(rules.username(' ')).toBe('Username is required');
    expect(rules.username('')).toBe('Username is required');
    expect(rules.username('1abc')).toBe('Username must start with a letter');
    expect(rules.username('Odette')).toBeUndefined();
    expect(rules.username('אודט')).toBeUndefined();
    expect(rules.username('odette.b_2-x')).toBeUndefined();
    expect(rules.username('Od')).toBe('Username must be 3 to 32 characters long');
    expect(rules.username('o'.repeat(32))).toBeUndefined();
    expect(rules.username('o'.repeat(33))).toBe('Username must be 3 to 32 characters long');
    for (const handle of ['odette@pointe.test', 'Odette B', 'see:http://x', 'o<b>']) {
      expect(rules.username(handle)).toBe('Username may contain only letters, digits, dots, hyphens and underscores');
    }
  });

  it('email', () => {
    expect(rules.email('a@b')).toBe('Invalid email address');
    expect(rules.email('a b@c.org')).toBe('Invalid email address');
    expect(rules.email('dancer@example.org')).toBeUndefined();
  });

  it('password: 8 to 128 characters with one of @!#$%^&*()-+', () => {
    expect(rules.password('a@b')).toBe('Password must be at least 8 characters long');
    expect(rules.password('abcdefgh')).toBe('Password must contain at least one special character (@!#$%^&*()-+)');
    expect(rules.password('abcdefg!')).toBeUndefined();
    expect(rules.password('a!'.repeat(65))).toBe('Password must be at most 128 characters long');
    expect(rules.password('Grand-jeté 2026')).toBeUndefined();
  });

  it('password: the length limits are inclusive, in characters', () => {
    expect(rules.password('abcdef!')).toBe('Password must be at least 8 characters long');
    expect(rules.password('ééééééé!')).toBeUndefined();
    expect(rules.password('a!'.repeat(64))).toBeUndefined();
  });

  it('password confirmation must match', () => {
    expect(rules.passwordsMatch('a', 'b')).toBe('Passwords do not match');
    expect(rules.passwordsMatch('abcdefg!', 'abcdefg!')).toBeUndefined();
  });

  it('phone: digits, spaces, one leading +, - . and parentheses, 7 to 15 digits; empty is fine', () => {
    expect(rules.phone('+972 50-123-4567')).toBeUndefined();
    expect(rules.phone('(03) 555 1234')).toBeUndefined();
    expect(rules.phone('call me')).toBe('Invalid phone number format');
    expect(rules.phone('12+34567890')).toBe('Invalid phone number format');
    expect(rules.phone('')).toBeUndefined();
    expect(rules.phone('123456')).toBe('Invalid phone number format');
    expect(rules.phone('1234567')).toBeUndefined();
    expect(rules.phone('1'.repeat(15))).toBeUndefined();
    expect(rules.phone('1'.repeat(16))).toBe('Invalid phone number format');
  });

  it('location: under 100 characters', () => {
    expect(rules.location('x'.repeat(99))).toBeUndefined();
    expect(rules.location('x'.repeat(100))).toBe('Location must be under 100 characters');
  });

  it('birth date: a real date from 1900 to today; empty is fine', () => {
    expect(rules.birthDate('2010-02-28')).toBeUndefined();
    expect(rules.birthDate('')).toBeUndefined();
    for (const bad of ['2010-02-30', '1899-12-31', '3000-01-01', '12/01/2010']) {
      expect(rules.birthDate(bad), bad).toBe('Invalid birth date');
    }
  });

  it('two-factor code: exactly 6 digits', () => {
    expect(rules.code('123456')).toBeUndefined();
    expect(rules.code(' 123456 ')).toBeUndefined();
    for (const bad of ['12345', '1234567', '12345a', '', '12 345']) {
      expect(rules.code(bad), bad).toBe('Please enter a valid 6-digit code');
    }
  });

  it('gives the spec’s texts, which the English locale holds word for word', () => {
    const failures = [
      rules.username(''),
      rules.username('1'),
      rules.email('x'),
      rules.password('short'),
      rules.password('a'.repeat(129)),
      rules.password('abcdefgh'),
      rules.passwordsMatch('a', 'b'),
      rules.phone('x'),
      rules.location('x'.repeat(100)),
      rules.birthDate('x'),
      rules.code('x'),
    ];
    expect(failures).toEqual([
      en.messages.usernameRequired,
      en.messages.usernameLetter,
      en.messages.invalidEmail,
      en.messages.passwordShort,
      en.messages.passwordLong,
      en.messages.passwordSpecial,
      en.messages.passwordsDiffer,
      en.messages.invalidPhone,
      en.messages.locationLong,
      en.messages.invalidBirthDate,
      en.messages.codeFormat,
    ]);
    // The spec's own words (§5), so that a change to the locale file cannot move them.
    expect(failures.slice(0, 3)).toEqual(['Username is required', 'Username must start with a letter', 'Invalid email address']);
    expect(failures[3]).toBe('Password must be at least 8 characters long');
    expect(failures[6]).toBe('Passwords do not match');
    expect(failures[7]).toBe('Invalid phone number format');
    expect(failures[10]).toBe('Please enter a valid 6-digit code');
  });
});
