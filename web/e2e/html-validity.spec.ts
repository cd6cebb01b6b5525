import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

/*
 * Every public page's first HTML, as the server sends it (drawn or not), is valid HTML: the Nu HTML
 * checker (the npm package vnu-jar, the W3C validator's own jar, run with the machine's Java) finds no
 * error in any of them, in Hebrew (right to left, the default) and in English.
 */

/** The jar the vnu-jar package ships; its main module's value is the jar's path. */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

interface PublicPage {
  path: string;
  /** The server draws it (a `page-data` script comes with it): the check then covers the app's markup. */
  drawn: boolean;
  status?: number;
}

const PAGES: PublicPage[] = [
  { path: '/', drawn: true },
  { path: '/products', drawn: true },
  { path: '/brand/bloch', drawn: true },
  { path: '/finder', drawn: true },
  // Two models from the finder's list (below) are added to the address.
  { path: '/finder/compare', drawn: true },
  { path: '/finder/my-feet', drawn: false },
  { path: '/shoe/bloch-alpha', drawn: true },
  { path: '/shoe/gaynor-minden-europa-classic', drawn: true },
  { path: '/blog', drawn: true },
  { path: '/blog/first-pointe-shoes', drawn: true },
  { path: '/terms', drawn: true },
  { path: '/privacy', drawn: true },
  { path: '/login', drawn: false },
  { path: '/signup', drawn: false },
  { path: '/tips', drawn: false },
  { path: '/request-password-reset', drawn: false },
  { path: '/reset-password', drawn: false },
  { path: '/unsubscribe', drawn: false },
  { path: '/no-such-page', drawn: false, status: 404 },
];

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

test("every public page's first HTML passes the Nu HTML checker, in Hebrew and in English", async ({ request }, testInfo) => {
  test.setTimeout(180_000);
  const finder = (await (await request.get('/api/finder')).json()) as { families: { id: string }[] };
  const compared = finder.families.slice(0, 2).map((family) => family.id);
  expect(compared).toHaveLength(2);

  const folder = testInfo.outputPath('pages');
  mkdirSync(folder, { recursive: true });
  const addresses = new Map<string, string>();
  for (const { path, drawn, status = 200 } of PAGES) {
    for (const language of ['he', 'en'] as const) {
      const query = new URLSearchParams();
      if (path === '/finder/compare') query.set('compare', compared.join(','));
      // Hebrew is the site's own language: the address without `lang`, as a visitor's first one.
      if (language === 'en') query.set('lang', 'en');
      const address = query.size > 0 ? `${path}?${query}` : path;
      const answer = await request.get(address);
      expect(answer.status(), address).toBe(status);
      const html = await answer.text();
      expect(html, address).toContain(`<html lang="${language}"`);
      if (drawn) expect(html, `${address} comes drawn by the server`).toContain('id="page-data"');
      const file = join(folder, `${path.replace(/\W+/g, '_')}-${language}.html`);
      writeFileSync(file, html);
      addresses.set(basename(file), address);
    }
  }

  // One run over every page: the checker's start (a JVM) is most of its time.
  const files = [...addresses.keys()].map((name) => join(folder, name));
  const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new Error(`the Nu HTML checker needs Java 11 or later as \`java\` (${run.error.message})`);
  // The checker writes its report to standard error, and exits with 1 when it found an error.
  const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const errors = report.messages.map(({ url = '', lastLine, firstColumn, message, extract }) => {
    const page = addresses.get(basename(url)) ?? url;
    return `${page}:${lastLine ?? '?'}:${firstColumn ?? '?'}: ${message}${extract ? `\n    ${extract.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`;
  });
  expect(errors, `the Nu HTML checker's errors (the pages are in ${folder}):\n${errors.join('\n')}`).toEqual([]);
  expect(run.status, run.stdout).toBe(0);
});
