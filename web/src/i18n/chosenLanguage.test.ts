import { afterEach, describe, expect, it, vi } from 'vitest';

import { chosenLanguage, keepLanguage } from './chosenLanguage';

function visit({ query = '', cookie = '', stored, browser = [] }: { query?: string; cookie?: string; stored?: string; browser?: string[] }) {
  window.history.replaceState(null, '', `/${query}`);
  document.cookie = `i18nextLng=; max-age=0; path=/`;
  if (cookie) document.cookie = cookie;
  if (stored) localStorage.setItem('i18nextLng', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.cookie = `i18nextLng=; max-age=0; path=/`;
});

describe('chosenLanguage', () => {
  it('takes ?lang, then the cookie, then local storage, then the browser, then Hebrew, as the server does', () => {
    const browser = ['de-DE', 'fr-CA', 'en'];
    visit({ query: '?lang=es', cookie: 'i18nextLng=ru', stored: 'en', browser });
    expect(chosenLanguage()).toBe('es');
    visit({ cookie: 'i18nextLng=ru', stored: 'en', browser });
    expect(chosenLanguage()).toBe('ru');
    localStorage.clear();
    visit({ stored: 'en', browser });
    expect(chosenLanguage()).toBe('en');
    localStorage.clear();
    visit({ browser });
    expect(chosenLanguage()).toBe('fr');
    visit({ browser: ['de'] });
    expect(chosenLanguage()).toBe('he');
  });

  it('passes over what is not a site language', () => {
    visit({ query: '?lang=de', cookie: 'i18nextLng=xx', browser: ['en-GB'] });
    expect(chosenLanguage()).toBe('en');
  });
});

describe('keepLanguage', () => {
  it('keeps the choice in local storage and in a cookie the server reads', () => {
    keepLanguage('fr');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
    expect(document.cookie).toContain('i18nextLng=fr');
  });
});
