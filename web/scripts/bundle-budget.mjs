// The home page's weight, read from the build's manifest: the entry's JavaScript and CSS and the app's
// start (which the entry fetches once the page is painted) with every chunk they import statically, plus
// the largest language's texts (fetched at start), in gzip bytes. Fails when
// it is over the budget. Run by `make test-web` after the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Kilobytes of gzip the home page may load before it is idle: 150 in issue 16, which assumed Preact; 210 since
 * the app runs on React itself (issue 41: React and ReactDOM's 62 KB is the price, nothing else grows).
 */
const HOME_BUDGET_KB = 210;

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
visit('src/start.tsx');
const locales = Object.entries(manifest).filter(([key]) => /src\/i18n\/locales\/\w+\.json$/.test(key));
if (files.size < 2 || locales.length !== 5) throw new Error(`unexpected manifest in ${dist}: rebuild with npm run build`);
const largestLocale = Math.max(...locales.map(([, chunk]) => gzipBytes(chunk.file)));

const rows = [...files].map((file) => [gzipBytes(file), file]).sort((a, b) => b[0] - a[0]);
const total = rows.reduce((sum, [bytes]) => sum + bytes, largestLocale);
for (const [bytes, file] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`${(largestLocale / 1024).toFixed(1).padStart(7)} KB  the largest language's texts`);
console.log(`home page: ${(total / 1024).toFixed(1)} KB gzip (budget ${HOME_BUDGET_KB} KB)`);
if (total > HOME_BUDGET_KB * 1024) {
  console.error('The home page is over its budget: keep new code off its path (a lazy route or import).');
  process.exit(1);
}
