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
  it('takes the language the server drew the page in: its <html lang>', () => {
    visit({ tag: 'fr', browser: ['en'] });
    expect(chosenLanguage()).toBe('fr');
    visit({ tag: 'es-ES', browser: ['ru'] });
    expect(chosenLanguage()).toBe('es');
    visit({ tag: 'ar' });
    expect(chosenLanguage()).toBe('he');
    visit({ tag: '' });
    expect(chosenLanguage()).toBe('he');
  });

  it('takes local storage over the drawn page when the address names no language: the server could not see it', () => {
    visit({ stored: 'ru', tag: 'en' });
    expect(chosenLanguage()).toBe('ru');
    visit({ query: '?lang=es', stored: 'ru', tag: 'es' });
    expect(chosenLanguage()).toBe('es');
    visit({ query: '?lang=de', stored: 'ru', tag: 'en' });
    expect(chosenLanguage()).toBe('ru');
  });

  it('does not read the cookie nor the browser’s languages: the server did', () => {
    visit({ cookie: 'i18nextLng=ru', browser: ['fr'], tag: 'en' });
    expect(chosenLanguage()).toBe('en');
  });

  it('passes over what is not a site language', () => {
    visit({ stored: 'xx', browser: ['pt-BR'], tag: 'en' });
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
