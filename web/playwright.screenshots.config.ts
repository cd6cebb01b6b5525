import { defineConfig } from '@playwright/test';

import e2e from './playwright.config';

/**
 * The admin screens' screenshots in docs/admin/ (`make admin-screenshots`, docs/admin.md): the e2e tests'
 * set-up (the release server on a fresh database, aiosmtpd), one browser taking the screens in order.
 */
export default defineConfig({ ...e2e, testDir: './e2e-screenshots', fullyParallel: false, workers: 1, retries: 0, timeout: 300_000 });
