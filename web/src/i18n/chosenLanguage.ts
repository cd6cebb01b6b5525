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

/**
 * The language to start in. The order is the spec's (§9: `?lang`, local storage, the browser, `<html lang>`,
 * Hebrew), and it is applied once, by the server (server/src/web/routes.rs `page_language`): it reads
 * `?lang`, then the language cookie — local storage's copy, which `keepLanguage` writes beside it —, then
 * `Accept-Language` (the browser's languages), and draws the page in its choice, named in `<html lang>`.
 * The app takes that choice, except where the server could not see local storage: when the address names
 * no language and local storage holds one (the cookie cleared alone, or its year over), the stored one wins
 * and the cookie is written again, so the next page agrees. A page the server did not draw (Vite's dev
 * server) starts in its tag's language, Hebrew.
 */
export function chosenLanguage(): Language {
  const drawn = document.documentElement.lang.split('-')[0]!.toLowerCase();
  const named = isLanguage(new URLSearchParams(window.location.search).get('lang'));
  return [named ? undefined : storedLanguage(), drawn].find(isLanguage) ?? DEFAULT_LANGUAGE;
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
