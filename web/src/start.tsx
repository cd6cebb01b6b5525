import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';

import { App } from './app/App';
import { startI18nInBrowser } from './i18n';
import { loadMatchedRoutes, routes } from './app/routes';
import { createQueryClient } from './lib/queryClient';
import { fillQueryCache, readRenderedPage } from './ssr/renderedPage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

/**
 * The app's start, which main.tsx fetches. The server sends most pages already drawn, with the data they
 * were drawn from (ssr/): the app takes them over in place (hydration) with that data and the page's code
 * in hand, so nothing is drawn twice and no call is made before the first paint. Other pages are drawn
 * here. Either way the first render waits for the page language's texts (a small chunk fetched beside this one).
 */
async function start(container: HTMLElement) {
  // The start's work comes in tasks of its own: its code, the texts' set-up, the page's data and code, the
  // router, the take-over. A tap on the drawn page meanwhile waits for one of them at most, not for all of them.
  await nextTask();
  const i18nReady = startI18nInBrowser();
  await nextTask();
  const rendered = readRenderedPage();
  const queryClient = createQueryClient();
  await Promise.all([i18nReady, rendered && loadMatchedRoutes(window.location.pathname)]);
  const router = createBrowserRouter(routes);
  if (rendered) {
    fillQueryCache(queryClient, rendered);
    await nextTask();
  }
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // React takes the drawn page over part by part (the Suspense boundaries of app/Layout.tsx and the pages),
  // the part a visitor touches first, and plays again the clicks it met meanwhile. In a transition the
  // take-over itself yields to the browser every few milliseconds too (outside one, React hydrates the
  // frame around the boundaries in one task).
  if (rendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

void start(root);
