import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    // `make dev`: the API server runs on :8080; Vite serves the app and forwards /api to it.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  // The manifest lets scripts/bundle-budget.mjs weigh what the home page loads.
  build: { sourcemap: false, manifest: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
