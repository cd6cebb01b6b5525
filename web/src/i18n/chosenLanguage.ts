import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from './languages';

/** A year, in seconds: how long the language cookie lasts. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled
  }
}

/** A language tag's primary subtag, lower case: `fr-CA` → `fr`. */
const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The browser's languages in its order of preference (`navigator.language` where the list is missing). */
function browserLanguages(): string[] {
  const listed = navigator.languages as readonly string[] | undefined;
  return (listed?.length ? listed : [navigator.language]).filter(Boolean).map(primary);
}

/**
 * The language to start in, in the spec's order (§9): `?lang`, then local storage (`i18nextLng`), then the
 * browser's languages in its order of preference, then the `<html lang>` the page came with, then Hebrew.
 * A value that is not a site language is passed over.
 *
 * The cookie of the same name is not read: it is the server's copy of local storage (`keepLanguage` writes
 * both at start and at every change), from which server/src/web/routes.rs draws the page (`?lang`, the
 * cookie, `Accept-Language`, Hebrew). So both sides choose alike whenever the cookie matches local storage,
 * and when neither holds a choice (`Accept-Language` is made from `navigator.languages`; the tag is the
 * server's choice). They differ only when one of the two was lost without the other (cookies or storage
 * cleared alone, the cookie's year over, storage disabled): the server draws the page by the cookie or the
 * browser, the app then switches to its own choice and writes the cookie, so the next page agrees again
 * (with local storage disabled, a choice made in the app lasts only until the next page: the server draws it
 * from the cookie, the app then follows the browser's languages).
 */
export function chosenLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  const fromTag = primary(document.documentElement.lang);
  return [fromQuery, storedLanguage(), ...browserLanguages(), fromTag].find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** Keeps the choice for the next visit: local storage (spec §9) and, to match it, the cookie the server reads. */
export function keepLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the cookie still carries the choice to the server
  }
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
}
