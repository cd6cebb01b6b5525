/*
 * The server's render of a page (server/src/web/ssr/ runs this bundle in QuickJS): the same routes and
 * components as the browser's app, drawn to HTML with the data they ask for, which the page carries to
 * the browser so the app takes it over without a call (main.tsx).
 */
import './environment';

import { skipToken, type Query } from '@tanstack/react-query';
import i18n from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppProviders } from '../app/App';
import { routes } from '../app/routes';
import { I18N_OPTIONS } from '../i18n';
import { isLanguage, type Language } from '../i18n/languages';
import es from '../i18n/locales/es.json';
import en from '../i18n/locales/en.json';
import fr from '../i18n/locales/fr.json';
import he from '../i18n/locales/he.json';
import ru from '../i18n/locales/ru.json';
import { createQueryClient } from '../lib/queryClient';
import type { RenderedPage } from './renderedPage';

export { dropTimers, runNextTimer } from './environment';

void i18n.use(initReactI18next).init({
  ...I18N_OPTIONS,
  initAsync: false,
  resources: { he: { translation: he }, en: { translation: en }, ru: { translation: ru }, fr: { translation: fr }, es: { translation: es } },
});

const handler = createStaticHandler(routes);

/** Rounds of fetching what the drawn page asked for, then drawing again: a page whose data leads to more. */
const MAX_ROUNDS = 3;

/** A drawn page: its status, the markup inside `#root`, and the page data's JSON. */
export interface Drawn {
  status: number;
  html: string;
  data: string;
}

/**
 * React writes a preload for each picture of the page ahead of its markup, meant for a document's head that
 * a page drawn inside `#root` does not have; the pictures' own elements come in the same response.
 */
const PICTURE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/;

/** A query still to be read; one with no function yet (`skipToken`, e.g. a list read only once wanted) never is. */
const waiting = (query: Query) => query.state.status === 'pending' && query.options.queryFn !== skipToken;

/**
 * The page at `url` (path and query) drawn in `language`, or undefined when it cannot be drawn whole (one
 * of its reads failed, or it redirects): the server then sends the bare app, which draws it in the browser.
 */
export async function renderPage(url: string, language: string): Promise<Drawn | undefined> {
  const lang: Language = isLanguage(language) ? language : 'he';
  await i18n.changeLanguage(lang);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const draw = () =>
    renderToString(
      <AppProviders language={lang} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    ).replace(PICTURE_PRELOADS, '');
  let html = draw();
  const cache = queryClient.getQueryCache();
  for (let round = 0; round < MAX_ROUNDS && cache.getAll().some(waiting); round++) {
    await Promise.allSettled(cache.getAll().filter(waiting).map((query) => query.fetch()));
    if (cache.getAll().some((query) => query.state.status === 'error')) return undefined;
    html = draw();
  }
  if (cache.getAll().some(waiting)) return undefined;
  const page: RenderedPage = {
    queries: cache.findAll({ predicate: (query) => query.state.status === 'success' }).map(({ queryKey, state }) => ({ key: queryKey, data: state.data })),
  };
  queryClient.clear();
  return { status: context.statusCode, html, data: JSON.stringify(page) };
}
