import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
        // The manifest lets scripts/bundle-budget.mjs weigh what the home page loads.
        sourcemap: false,
        manifest: true,
        modulePreload: {
          // The entry fetches the app's start without listing the start's chunks in the page: each link the
          // preloader adds restyles the whole drawn page (20-30 ms of a phone's main thread in all), while
          // the browser finds the same chunks in the start's imports one round trip later.
          // (`file` is the imported chunk's output name; src/start.tsx becomes assets/start-<hash>.js.)
          resolveDependencies: (file, deps) => (file.startsWith('assets/start-') ? [] : deps),
        },
      },
  // The render runs in no Node: the browser builds of packages, bundled, in production mode.
  ssr: { target: 'webworker', noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"' } : undefined,
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));
