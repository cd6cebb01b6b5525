import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import adminEn from '../src/features/admin/locales/en.json' with { type: 'json' };
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import he from '../src/i18n/locales/he.json' with { type: 'json' };

export { adminEn, en, he };

export const BRAND_IDS = ['bloch', 'nikolay', 'capezio', 'gaynor', 'russianPointe', 'sodanca', 'suffolk'];

/** The home page's cards of the seeded brands (tests running beside this one may add brands of their own). */
export const seededBrandCards = (page: Page) =>
  page.getByTestId('brand-card').filter({ has: page.locator(BRAND_IDS.map((id) => `a[href="/brand/${id}"]`).join(', ')) });

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.help}`);
}
