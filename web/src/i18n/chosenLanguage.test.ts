import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chosenLanguage, keepLanguage } from './chosenLanguage';

function visit({ query = '', cookie = '', stored, browser = [], tag = 'he' }: { query?: string; cookie?: string; stored?: string; browser?: string[]; tag?: string }) {
  window.history.replaceState(null, '', `/${query}`);
  document.cookie = `i18nextLng=; max-age=0; path=/`;
  if (cookie) document.cookie = cookie;
  localStorage.clear();
  if (stored) localStorage.setItem('i18nextLng', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  document.documentElement.lang = tag;
}

const cookieLanguage = () => /(?:^|;\s*)i18nextLng=([^;]*)/.exec(document.cookie)?.[1];

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.cookie = `i18nextLng=; max-age=0; path=/`;
  document.documentElement.lang = 'en';
});

describe('chosenLanguage', () => {
  it('takes ?lang, then local storage, then the browser, then the <html lang> tag, then Hebrew (spec §9)', () => {
    const browser = ['de-DE', 'fr-CA', 'en'];
    visit({ query: '?lang=es', stored: 'ru', browser, tag: 'en' });
    expect(chosenLanguage()).toBe('es');
    visit({ stored: 'ru', browser, tag: 'en' });
    expect(chosenLanguage()).toBe('ru');
    visit({ browser, tag: 'en' });
    expect(chosenLanguage()).toBe('fr');
    visit({ browser: ['de', 'it'], tag: 'ru' });
    expect(chosenLanguage()).toBe('ru');
    visit({ browser: ['de'], tag: 'es-ES' });
    expect(chosenLanguage()).toBe('es');
    visit({ browser: ['de'], tag: '' });
    expect(chosenLanguage()).toBe('he');
  });

  it('does not read the cookie: it is the server’s copy of local storage', () => {
    visit({ cookie: 'i18nextLng=ru', stored: 'en', browser: ['fr'] });
    expect(chosenLanguage()).toBe('en');
    // Local storage cleared alone: the browser's language comes before the cookie's (and the page's tag).
    visit({ cookie: 'i18nextLng=ru', browser: ['fr'], tag: 'ru' });
    expect(chosenLanguage()).toBe('fr');
  });

  it('passes over what is not a site language', () => {
    visit({ query: '?lang=de', stored: 'xx', browser: ['pt-BR', 'en-GB'], tag: 'ar' });
    expect(chosenLanguage()).toBe('en');
  });

  it('agrees with the server’s page in the usual cases', () => {
    // The server (routes.rs page_language): ?lang, cookie, Accept-Language, Hebrew; it writes <html lang>.
    const server = ({ query, cookie, acceptLanguage }: { query?: string; cookie?: string; acceptLanguage: string[] }) =>
      [query, cookie, ...acceptLanguage.map((tag) => tag.split('-')[0])].find((code) => ['he', 'en', 'ru', 'fr', 'es'].includes(code ?? '')) ?? 'he';
    const cases = [
      { browser: ['fr-CA', 'en'] }, // a first visit
      { browser: ['de'] }, // a first visit in no site language
      { query: 'ru', browser: ['fr'] }, // a link with ?lang
      { kept: 'es', browser: ['fr'] }, // a later visit: the cookie matches local storage
      { kept: 'he', browser: ['de'] },
    ];
    for (const { query, kept, browser } of cases) {
      const drawn = server({ query, cookie: kept, acceptLanguage: browser });
      visit({ query: query ? `?lang=${query}` : '', cookie: kept ? `i18nextLng=${kept}` : '', stored: kept, browser, tag: drawn });
      expect(chosenLanguage(), JSON.stringify({ query, kept, browser })).toBe(drawn);
    }
  });
});

describe('keepLanguage', () => {
  it('keeps the choice in local storage and in a cookie the server reads', () => {
    keepLanguage('fr');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
    expect(cookieLanguage()).toBe('fr');
  });

  it('writes the cookie to match local storage whenever the language changes, here or in another tab', async () => {
    localStorage.setItem('i18nextLng', 'ru');
    document.cookie = 'i18nextLng=he; path=/';
    await i18n.changeLanguage('es');
    expect([localStorage.getItem('i18nextLng'), cookieLanguage()]).toEqual(['es', 'es']);
    window.dispatchEvent(new StorageEvent('storage', { key: 'i18nextLng', newValue: 'fr' }));
    await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe('fr'));
    expect(cookieLanguage()).toBe('fr');
    await i18n.changeLanguage('en');
  });
});
