import { expect, test, type Page } from '@playwright/test';

import heTerms from '../src/features/legal/texts/terms.he.json' with { type: 'json' };
import enTerms from '../src/features/legal/texts/terms.en.json' with { type: 'json' };
import hePrivacy from '../src/features/legal/texts/privacy.he.json' with { type: 'json' };
import enPrivacy from '../src/features/legal/texts/privacy.en.json' with { type: 'json' };
import finderEn from '../src/features/finder/locales/en.json' with { type: 'json' };
import finderHe from '../src/features/finder/locales/he.json' with { type: 'json' };
import { en, he, pageTakenOver } from './fixtures';

/*
 * The pages of content come from the server already drawn (server/src/web/ssr/): readable with script
 * off, and taken over by the app in place, with the data the server sent and without a shift.
 */

interface DrawnPage {
  path: string;
  /** Texts the page shows in each language, from its content and its interface. */
  shows: { he: string[]; en: string[] };
  /** The API read the page's content comes from, which the app must not repeat on arrival. */
  read: RegExp;
}

const PAGES: DrawnPage[] = [
  { path: '/', shows: { he: [he.home.heroTitle, 'Bloch', 'Capezio'], en: [en.home.heroTitle, 'Bloch', 'Capezio'] }, read: /\/api\/brands\?/ },
  { path: '/brand/bloch', shows: { he: ['Bloch Heritage', '$85'], en: ['Bloch Heritage', '$85'] }, read: /\/api\/products\?brandId=bloch/ },
  { path: '/products', shows: { he: [he.products.title, 'Bloch Heritage'], en: [en.products.title, 'Bloch Heritage'] }, read: /\/api\/products\?/ },
  { path: '/finder', shows: { he: [finderHe.title, 'Bloch (', 'Danielle Heymann'], en: [finderEn.title, 'Bloch (', 'Danielle Heymann'] }, read: /\/api\/finder\?/ },
  { path: '/shoe/gaynor-minden-europa-classic', shows: { he: ['Gaynor Minden Europa Classic', 'קופסה 3+', 'Supple'], en: ['Gaynor Minden Europa Classic', 'Box 3+', 'Supple'] }, read: /\/api\/finder\/models\/gaynor-minden-europa-classic/ },
  { path: '/shoe/bloch-alpha', shows: { he: ['Bloch Alpha', 'מרובעת ורחבה', finderHe.shownInEnglish], en: ['Bloch Alpha', 'Square and wide', 'Broad platform'] }, read: /\/api\/finder\/models\/bloch-alpha/ },
  { path: '/blog', shows: { he: [he.blog.title], en: [en.blog.title] }, read: /\/api\/blog\/posts\?/ },
  { path: '/blog/first-pointe-shoes', shows: { he: ['נעלי הפוינט הראשונות: איך יודעים שהגיע הזמן?'], en: ["First pointe shoes: how do you know you're ready?", 'The teacher decides'] }, read: /\/api\/blog\/posts\/first-pointe-shoes/ },
  { path: '/terms', shows: { he: [heTerms.title, heTerms.sections[0]!.heading], en: [enTerms.title, enTerms.sections[0]!.heading] }, read: /^$/ },
  { path: '/privacy', shows: { he: [hePrivacy.title], en: [enPrivacy.title] }, read: /^$/ },
];

const texts = { he, en };

const address = (path: string, language: 'he' | 'en') => (language === 'he' ? path : `${path}?lang=${language}`);

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ['he', 'en'] as const) {
    test(`each page of content reads whole in ${language}`, async ({ page }) => {
      for (const { path, shows } of PAGES) {
        await page.goto(address(path, language));
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        for (const text of shows[language]) await expect(page.getByText(text, { exact: false }).first(), `${path}: ${text}`).toBeVisible();
      }
    });
  }
});

/** Counts the page's layout shifts from its very start (the observer is in place before any script of the page). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const language of ['he', 'en'] as const) {
  test(`the app takes each drawn page over in place, in ${language}: no read repeated, no shift, no error`, async ({ page }) => {
    test.setTimeout(120_000); // every drawn page in turn, each to its network's rest
    const reads: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => reads.push(new URL(request.url()).pathname + new URL(request.url()).search));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await watchShifts(page);
    for (const { path, shows, read } of PAGES) {
      reads.length = 0;
      // The server's elements are marked before the app's script runs: all still there once the app has
      // taken the whole page over (in slices), they prove it took the page over rather than drawing it again.
      let drawn = 0;
      await page.route('**/assets/index-*.js', async (route) => {
        // The script is deferred: the page is parsed while its request waits here.
        await page.waitForSelector('footer', { state: 'attached' });
        drawn = await page.evaluate(() => {
          const elements = document.querySelectorAll('#root *');
          elements.forEach((element) => element.setAttribute('data-drawn-by', 'server'));
          return elements.length;
        });
        await route.continue();
      });
      await page.goto(address(path, language));
      await expect(page.locator('h1').first()).toBeVisible();
      await expect.poll(() => pageTakenOver(page), { message: `${path} taken over` }).toBe(true);
      await expect(page.locator('h1').first()).toHaveAttribute('data-drawn-by', 'server');
      expect(await page.locator('#root [data-drawn-by="server"]').count(), `${path} drawn again`).toBe(drawn);
      for (const text of shows[language]) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      // Taking over keeps the server's attributes: each link of the menu still goes where it says, with the
      // links the app adds for a visitor (sign up, log in) among them.
      const menu = page.getByRole('banner');
      const { nav } = texts[language];
      const links = { '/signup': nav.signup, '/login': nav.login, '/products': nav.products, '/finder': nav.finder, '/blog': nav.blog };
      for (const [href, name] of Object.entries(links)) {
        await expect(menu.getByRole('link', { name, exact: true }).first(), `${path}: ${name}`).toHaveAttribute('href', href);
      }
      await page.waitForLoadState('networkidle');
      expect(reads.filter((url) => read.test(url)), `${path} read again`).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift), `${path} shifted`).toBeLessThanOrEqual(0.02);
      await page.unroute('**/assets/index-*.js');
    }
    expect(errors).toEqual([]);
  });
}

// React compares what it takes over with what it would draw, and says so when they differ (a hydration
// mismatch, which would redraw the part): in the other languages too, nothing differs.
test('the app takes each drawn page over with nothing to mend, in ru, fr and es', async ({ page }) => {
  test.setTimeout(120_000); // 27 pages
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  for (const language of ['ru', 'fr', 'es']) {
    for (const { path } of PAGES) {
      await page.goto(`${path}?lang=${language}`);
      await expect.poll(() => pageTakenOver(page), { message: `${path}?lang=${language} taken over` }).toBe(true);
      expect(errors, `${path}?lang=${language}`).toEqual([]);
    }
  }
});

test('a page the server cannot draw whole (an unknown brand) is drawn by the app', async ({ page }) => {
  const answer = await page.goto('/brand/no-such-brand?lang=en');
  expect(answer?.status()).toBe(404);
  expect(await answer?.text()).not.toContain('id="page-data"');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/*
 * What a visitor does on a drawn page before the app has taken it over, on a phone's CPU (4× slower): keys
 * typed into the search box and a filter ticked in the finder are kept and acted on. First with the app's
 * script held back until the visitor is done (the page is plain HTML meanwhile), then as it comes (the
 * visitor races React taking the page over, part by part).
 */
test.describe('before the app has taken the page over', () => {
  test.beforeEach(async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  });

  /** Holds the app's entry script back until `release` is called. */
  async function holdScript(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  for (const held of [true, false]) {
    const when = held ? 'while the app’s script is held back' : 'as the page arrives';
    test(`keys typed into the search box ${when} find what they spell`, async ({ page }) => {
      const release = held ? await holdScript(page) : () => {};
      await page.goto(address('/', 'en'), { waitUntil: 'commit' });
      const box = page.getByRole('combobox', { name: en.search.label });
      await box.pressSequentially('heritage');
      release();
      await expect(box).toHaveValue('heritage');
      const results = page.getByRole('listbox', { name: en.search.label }).getByRole('option');
      await expect(results.filter({ hasText: 'Bloch Heritage' }).first()).toBeVisible();
      await expect.poll(() => pageTakenOver(page)).toBe(true);
      await expect(box).toHaveValue('heritage');
    });

    test(`a filter ticked in the finder ${when} narrows the models`, async ({ page }) => {
      const release = held ? await holdScript(page) : () => {};
      await page.goto(address('/finder', 'en'), { waitUntil: 'commit' });
      const makers = page.getByRole('group', { name: finderEn.filters.maker });
      const bloch = makers.getByRole('checkbox', { name: /^Bloch \(\d+\)$/ });
      await bloch.check();
      const count = Number((await makers.getByText(/^Bloch \(\d+\)$/).textContent())?.match(/\((\d+)\)/)?.[1]);
      release();
      await expect(page).toHaveURL(/[?&]maker=bloch(&|$)/);
      await expect(page.getByRole('heading', { level: 2, name: `${count} models` })).toBeVisible();
      await expect.poll(() => pageTakenOver(page)).toBe(true);
      await expect(bloch).toBeChecked();
    });
  }
});
