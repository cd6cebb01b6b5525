import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The server's render calls React's `renderToString`, which runs synchronously: its browser build alone, not
 * `react-dom/server`'s entry, which also loads the streaming renderer and its encoders that QuickJS lacks.
 */
const legacyServerRender = {
  find: /^react-dom\/server$/,
  replacement: fileURLToPath(new URL('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js', import.meta.url)),
};

/** The web app's version, sent with its crash reports. */
const release = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Mantine's theme variables and its visibleFrom/hiddenFrom classes in every page's `<head>`: its provider
 * would write them as `<style>` elements at the top of the app, in the body, which is not valid HTML
 * (src/app/mantineTheme.css, which a test keeps equal to what the provider would write). Inline, as they
 * were in the body, so a page is styled by its first response as before.
 */
const mantineThemeInHead: Plugin = {
  name: 'pointe-mantine-theme-in-head',
  transformIndexHtml: () => {
    const css = readFileSync(new URL('./src/app/mantineTheme.css', import.meta.url), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s*\n\s*/g, '')
      .replace(/;}/g, '}');
    return [{ tag: 'style', children: css, injectTo: 'head' }];
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), mantineThemeInHead],
  resolve: { alias: isSsrBuild ? [legacyServerRender] : [], ...(process.env.VITEST && { conditions: ['module', 'browser', 'development|production'], mainFields: ['browser', 'module'] }) },
  server: {
    // `make dev`: the API server runs on :8080; Vite serves the app and forwards /api to it.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: isSsrBuild
    ? {
        // `vite build --ssr src/ssr/render.tsx`: the server's render as one script for QuickJS, every
        // package inside it, `PointeSsr` its global.
        outDir: 'dist-ssr',
        target: 'es2023',
        copyPublicDir: false,
        minify: true,
        rolldownOptions: { output: { format: 'iife', name: 'PointeSsr', entryFileNames: 'render.js' } },
      }
    : {
        // Maps for the server's crash reports, which map stacks back to the source; `hidden` leaves them
        // unnamed in the scripts, and the server does not serve them (server/src/crash_reports/source_maps.rs).
        sourcemap: 'hidden',
        // The manifest lets scripts/bundle-budget.mjs weigh what the home page loads.
        manifest: true,
        modulePreload: {
          // Neither the entry's import of the app's start nor the start's own imports (the pages, the menu,
          // the admin) list their chunks' code for the preloader: they run while a drawn page is on screen,
          // where each link the preloader adds restyles the whole page (20-30 ms of a phone's main thread for
          // the start; 50 ms for the finder page's 25 chunks, most of them loaded with the start already),
          // while the browser finds the same chunks in their imports one round trip later, and the pages'
          // code is fetched ahead when idle (prefetchPages). Their stylesheets are still added (when not
          // in the page already). (`file` is the imported chunk's output name, `hostId` the importing one's;
          // src/start.tsx becomes assets/start-<hash>.js.)
          resolveDependencies: (file, deps, { hostId }) => (file.startsWith('assets/start-') || hostId.startsWith('assets/start-') ? [] : deps),
        },
      },
  // The render runs in no Node: the browser builds of packages, bundled, in production mode.
  ssr: { target: 'webworker', noExternal: true },
  define: { __POINTE_RELEASE__: JSON.stringify(release), ...(isSsrBuild && { 'process.env.NODE_ENV': '"production"' }) },
  test: {
    environment: 'jsdom',
    // Vitest's default leaves a core to its main process, which is idle once the files are transformed:
    // on a 2-core machine that is one worker, and the suite took half as long again.
    maxWorkers: availableParallelism(),
    // Each file in a fresh VM context of a reused process, not a fresh jsdom in a fresh module graph: the
    // environment's set-up was a third of the suite's time. Processes, not threads: a test's `TZ` moves a
    // process's clock only. One past 1 GB is replaced (the contexts leak; one let grow crashed).
    pool: 'vmForks',
    vmMemoryLimit: '1GB',
    setupFiles: ['./src/test/setup.ts'],
    // A test's fake clock moves the page's timers only: React's scheduler, which works on setImmediate and
    // MessageChannel, keeps running, so what a lazy part or a waitFor is waiting for still gets drawn.
    fakeTimers: { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] },
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', '@testing-library/react',
            'recharts', '@mantine/core', '@mantine/charts', '@mantine/hooks', '@mantine/notifications', 'react-router',
            'react-i18next', '@tanstack/react-query', '@tabler/icons-react',
          ],
        },
      },
    },
  },
}));
