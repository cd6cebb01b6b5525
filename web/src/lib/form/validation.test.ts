import { describe, expect, it } from 'vitest';

import en from '../../i18n/locales/en.json';
import { messageKey } from '../../i18n/serverTexts';
import * as rules from './validation';

/** The cases of the server's `spec_rules` test (server/src/users/validation.rs), on the client's rules. */
describe('field rules (spec §5)', () => {
  it('username: required, starts with a letter (any alphabet), 3 to 32 letters, digits, dots, hyphens, underscores', () => {
    expect(rules.username(' ')).toEqual({ code: 'username_required' });
    expect(rules.username('')).toEqual({ code: 'username_required' });
    expect(rules.username('1abc')).toEqual({ code: 'username_letter' });
    expect(rules.username('Odette')).toBeUndefined();
    expect(rules.username('אודט')).toBeUndefined();
    expect(rules.username('odette.b_2-x')).toBeUndefined();
    expect(rules.username('Od')).toEqual({ code: 'username_length' });
    expect(rules.username('o'.repeat(32))).toBeUndefined();
    expect(rules.username('o'.repeat(33))).toEqual({ code: 'username_length' });
    for (const handle of ['odette@pointe.test', 'Odette B', 'see:http://x', 'o<b>']) {
      expect(rules.username(handle)).toEqual({ code: 'username_characters' });
    }
  });

  it('email', () => {
    expect(rules.email('a@b')).toEqual({ code: 'invalid_email' });
    expect(rules.email('a b@c.org')).toEqual({ code: 'invalid_email' });
    expect(rules.email('dancer@example.org')).toBeUndefined();
  });

  it('password: 8 to 128 characters with one of @!#$%^&*()-+', () => {
    expect(rules.password('a@b')).toEqual({ code: 'password_short' });
    expect(rules.password('abcdefgh')).toEqual({ code: 'password_special' });
    expect(rules.password('abcdefg!')).toBeUndefined();
    expect(rules.password('a!'.repeat(65))).toEqual({ code: 'password_long' });
    expect(rules.password('Grand-jeté 2026')).toBeUndefined();
  });

  it('password: the length limits are inclusive, in characters', () => {
    expect(rules.password('abcdef!')).toEqual({ code: 'password_short' });
    expect(rules.password('ééééééé!')).toBeUndefined();
    expect(rules.password('a!'.repeat(64))).toBeUndefined();
  });

  it('a password to sign in with must be given (the client’s own rule)', () => {
    expect(rules.passwordGiven('')).toEqual({ code: 'password_required' });
    expect(rules.passwordGiven(' ')).toBeUndefined();
  });

  it('password confirmation must match', () => {
    expect(rules.passwordsMatch('a', 'b')).toEqual({ code: 'passwords_differ' });
    expect(rules.passwordsMatch('abcdefg!', 'abcdefg!')).toBeUndefined();
  });

  it('phone: digits, spaces, one leading +, - . and parentheses, 7 to 15 digits; empty is fine', () => {
    expect(rules.phone('+972 50-123-4567')).toBeUndefined();
    expect(rules.phone('(03) 555 1234')).toBeUndefined();
    expect(rules.phone('call me')).toEqual({ code: 'invalid_phone' });
    expect(rules.phone('12+34567890')).toEqual({ code: 'invalid_phone' });
    expect(rules.phone('')).toBeUndefined();
    expect(rules.phone('123456')).toEqual({ code: 'invalid_phone' });
    expect(rules.phone('1234567')).toBeUndefined();
    expect(rules.phone('1'.repeat(15))).toBeUndefined();
    expect(rules.phone('1'.repeat(16))).toEqual({ code: 'invalid_phone' });
  });

  it('location: under 100 characters', () => {
    expect(rules.location('x'.repeat(99))).toBeUndefined();
    expect(rules.location('x'.repeat(100))).toEqual({ code: 'location_too_long' });
  });

  it('birth date: a real date from 1900 to today; empty is fine', () => {
    expect(rules.birthDate('2010-02-28')).toBeUndefined();
    expect(rules.birthDate('')).toBeUndefined();
    for (const bad of ['2010-02-30', '1899-12-31', '3000-01-01', '12/01/2010']) {
      expect(rules.birthDate(bad), bad).toEqual({ code: 'invalid_birth_date' });
    }
  });

  it('two-factor code: exactly 6 digits', () => {
    expect(rules.code('123456')).toBeUndefined();
    expect(rules.code(' 123456 ')).toBeUndefined();
    for (const bad of ['12345', '1234567', '12345a', '', '12 345']) {
      expect(rules.code(bad), bad).toEqual({ code: 'invalid_code_format' });
    }
  });

  it('give codes whose English texts are the spec’s words', () => {
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
    const english = failures.map((failure) => {
      const key = messageKey(failure?.code);
      return key && en.messages[key];
    });
    // The spec's own words (§5), so that a change to the locale file cannot move them.
    expect(english).toEqual([
      'Username is required',
      'Username must start with a letter',
      'Invalid email address',
      'Password must be at least 8 characters long',
      'Password must be at most 128 characters long',
      'Password must contain at least one special character (@!#$%^&*()-+)',
      'Passwords do not match',
      'Invalid phone number format',
      'Location must be under 100 characters',
      'Invalid birth date',
      'Please enter a valid 6-digit code',
    ]);
  });
});
