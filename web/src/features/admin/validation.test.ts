import { describe, expect, it } from 'vitest';

import { between, endpointAddress, required, slug, webAddress } from './validation';

describe('admin field rules', () => {
  it('match the server on slugs and addresses', () => {
    expect(slug('bloch-heritage')).toBeUndefined();
    expect(slug('Bloch')).toEqual({ code: 'not_a_slug' });
    expect(slug('a--b')).toEqual({ code: 'not_a_slug' });
    expect(slug(' ')).toEqual({ code: 'required' });
    expect(webAddress('https://www.blochworld.com/', true)).toBeUndefined();
    expect(webAddress('/uploads/a.png', true)).toBeUndefined();
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'https://', 'https://u@evil', 'ftp://x']) {
      expect(webAddress(bad, false), bad).toEqual({ code: 'not_a_web_address' });
    }
    expect(webAddress('', true)).toEqual({ code: 'required' });
    expect(webAddress('', false)).toBeUndefined();
  });

  it('take any http(s) address for an API, a local one included', () => {
    expect(endpointAddress('http://127.0.0.1:8081/v1', true)).toBeUndefined();
    expect(endpointAddress('https://openrouter.ai/api/v1', true)).toBeUndefined();
    for (const bad of ['localhost:8081', 'ftp://models.example', 'not an address']) {
      expect(endpointAddress(bad, false), bad).toEqual({ code: 'not_an_http_address' });
    }
    expect(endpointAddress(' ', true)).toEqual({ code: 'required' });
    expect(endpointAddress('', false)).toBeUndefined();
    expect(endpointAddress(`https://${'a'.repeat(500)}`, true)).toEqual({ code: 'too_long', values: { max: '500' } });
  });

  it('give lengths and ranges with their numbers, as the server names them', () => {
    expect(required('abcd', 3)).toEqual({ code: 'too_long', values: { max: '3' } });
    expect(between(5000, 320, 1000)).toEqual({ code: 'out_of_range', values: { min: '320', max: '1000' } });
  });
});
