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

function cookieLanguage(): string | undefined {
  const prefix = `${LANGUAGE_STORAGE_KEY}=`;
  return document.cookie
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * The language to start in, chosen as the server chooses the page's (server/src/web/routes.rs): `?lang`,
 * then the cookie, then local storage (spec §9: an older visit may have only that), then the browser's
 * languages in its order of preference, then Hebrew. A value that is not a site language is passed over.
 */
export function chosenLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  const kept = [fromQuery, cookieLanguage(), storedLanguage()].find(isLanguage);
  const fromBrowser = navigator.languages.map((tag) => tag.split('-')[0]!.toLowerCase()).find(isLanguage);
  return kept ?? fromBrowser ?? DEFAULT_LANGUAGE;
}

/** Keeps the choice for the next visit: local storage (spec §9) and a cookie the server reads. */
export function keepLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the cookie still carries the choice
  }
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
}
