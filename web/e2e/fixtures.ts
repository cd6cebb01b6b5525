import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

import adminEn from '../src/features/admin/locales/en.json' with { type: 'json' };
import adminHe from '../src/features/admin/locales/he.json' with { type: 'json' };
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import he from '../src/i18n/locales/he.json' with { type: 'json' };

export { adminEn, adminHe, en, he };

export const BRAND_IDS = ['bloch', 'nikolay', 'capezio', 'gaynor', 'russianPointe', 'sodanca', 'suffolk'];

/** The home page's cards of the seeded brands (tests running beside this one may add brands of their own). */
export const seededBrandCards = (page: Page) =>
  page.getByTestId('brand-card').filter({ has: page.locator(BRAND_IDS.map((id) => `a[href="/brand/${id}"]`).join(', ')) });

/**
 * Whether the app has taken over the whole page: every element under #root is React's (it carries React's
 * fiber) or lies inside one whose content is set as HTML (a post's body). React takes a drawn page over part
 * by part (its Suspense boundaries): until its turn, a part keeps the server's elements, which are not React's.
 */
export const pageTakenOver = (page: Page) =>
  page
    .evaluate(() => {
      const root = document.getElementById('root');
      if (!root?.firstElementChild) return false;
      const fiberKey = (element: Element) => Object.keys(element).find((key) => key.startsWith('__reactFiber$'));
      const html = [...root.querySelectorAll('*')].filter((element) => {
        const props = Object.entries(element).find(([key]) => key.startsWith('__reactProps$'))?.[1] as { dangerouslySetInnerHTML?: unknown } | undefined;
        return props?.dangerouslySetInnerHTML !== undefined;
      });
      return [...root.querySelectorAll('*')].every((element) => fiberKey(element) || html.some((outer) => outer !== element && outer.contains(element)));
    })
    .catch(() => false);

/**
 * Waits until the app has taken the page over: a page of content comes drawn by the server and is
 * readable at once, but typing or going offline before the app's script has run tests the bare page.
 */
export async function appStarted(page: Page) {
  await expect.poll(() => pageTakenOver(page)).toBe(true);
}

/**
 * Serious and critical accessibility violations on the page as it is now, leaving out what `exclude`
 * selects (a sandboxed frame runs no script, so axe cannot look inside it and would wait for it forever).
 */
export async function seriousViolations(page: Page, exclude?: string) {
  const axe = new AxeBuilder({ page });
  if (exclude) axe.exclude(exclude);
  const { violations } = await axe.analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.help}`);
}

/**
 * The WCAG contrast ratio of an element's text against the first background behind it that is not
 * transparent. axe leaves some text out of its contrast check (clipped labels such as badges'), where
 * a text the colour of its own background once went unnoticed.
 */
export function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    let background: Element | null = element;
    while (background && (rgb(getComputedStyle(background).backgroundColor)[3] ?? 1) === 0) background = background.parentElement;
    const [text, behind] = [luminance(rgb(getComputedStyle(element).color)), luminance(rgb(background ? getComputedStyle(background).backgroundColor : 'rgb(255,255,255)'))];
    return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
  });
}
