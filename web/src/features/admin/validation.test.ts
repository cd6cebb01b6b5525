import { describe, expect, it } from 'vitest';

import { adminTextKey } from './adminTexts';
import { between, endpointAddress, required, slug, webAddress } from './validation';

describe('admin field rules', () => {
  it('match the server on slugs and addresses', () => {
    expect(slug('bloch-heritage')).toBeUndefined();
    expect(slug('Bloch')).toBe('Use lowercase letters, digits and hyphens only');
    expect(slug('a--b')).toBe('Use lowercase letters, digits and hyphens only');
    expect(slug(' ')).toBe('This field is required');
    expect(webAddress('https://www.blochworld.com/', true)).toBeUndefined();
    expect(webAddress('/uploads/a.png', true)).toBeUndefined();
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'https://', 'https://u@evil', 'ftp://x']) {
      expect(webAddress(bad, false), bad).toBe('Enter a web address starting with https:// or /');
    }
    expect(webAddress('', true)).toBe('This field is required');
    expect(webAddress('', false)).toBeUndefined();
  });

  it('take any http(s) address for an API, a local one included', () => {
    expect(endpointAddress('http://127.0.0.1:8081/v1', true)).toBeUndefined();
    expect(endpointAddress('https://openrouter.ai/api/v1', true)).toBeUndefined();
    for (const bad of ['localhost:8081', 'ftp://models.example', 'not an address']) {
      expect(endpointAddress(bad, false), bad).toBe('Enter an address starting with http:// or https://');
    }
    expect(endpointAddress(' ', true)).toBe('This field is required');
    expect(endpointAddress('', false)).toBeUndefined();
    expect(endpointAddress(`https://${'a'.repeat(500)}`, true)).toBe('Must be at most 500 characters');
  });

  it('give lengths and ranges with their numbers, which the texts carry over', () => {
    expect(required('abcd', 3)).toBe('Must be at most 3 characters');
    expect(adminTextKey('Must be at most 3 characters')).toEqual({ key: 'maxLength', values: { max: '3' } });
    expect(between(5000, 320, 1000)).toBe('Must be between 320 and 1000');
    expect(adminTextKey('Must be between 320 and 1000')).toEqual({ key: 'between', values: { min: '320', max: '1000' } });
    expect(adminTextKey('Something else')).toBeUndefined();
  });
});
