// `make lighthouse`: Lighthouse (pinned in package.json) in Debian's Chromium, mobile defaults, on the
// public pages in Hebrew and English against the server at the address given; prints one row per page
// with the issue's targets beside the figures. A measurement, like `make bench`: it does not fail.
// Each page is measured LH_ROUNDS times (3 unless set) and its row holds each figure's median, as
// Lighthouse's own advice on variability has it: one run's blocking time moves by 100 ms and more with
// the machine's speed at the moment (the `bench` column, Lighthouse's benchmark index), the range beside it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const origin = process.argv[2];
if (!origin) throw new Error('usage: node scripts/lighthouse.mjs http://127.0.0.1:PORT');
const PAGES = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : ['/', '/brand/bloch', '/products', '/finder', '/shoe/bloch-alpha', '/blog/first-pointe-shoes'];
const ROUNDS = Number(process.env.LH_ROUNDS ?? 3);
const TARGETS = { performance: 95, lcp: 1800, cls: 0.02, tbt: 150, seo: 100, accessibility: 100 };

for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {
    if (tries > 100) throw new Error(`no server at ${origin}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const runs = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const language of ['he', 'en']) {
      for (const path of PAGES) {
        const url = `${origin}${path}?lang=${language}`;
        const { lhr } = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo'],
        });
        const score = (category) => Math.round(lhr.categories[category].score * 100);
        const audit = (id) => lhr.audits[id].numericValue;
        runs.push({
          page: `${path}?lang=${language}`,
          performance: score('performance'),
          lcp: Math.round(audit('largest-contentful-paint')),
          fcp: Math.round(audit('first-contentful-paint')),
          cls: Number(audit('cumulative-layout-shift').toFixed(3)),
          tbt: Math.round(audit('total-blocking-time')),
          seo: score('seo'),
          accessibility: score('accessibility'),
          // Lighthouse's measure of this machine's speed at the time (its blocking time scales with it).
          benchmark: Math.round(lhr.environment.benchmarkIndex),
        });
        // LH_TASKS=1: each long task of the page (start and length in ms, the script it ran), for finding
        // what the blocking time is made of.
        if (process.env.LH_TASKS) {
          for (const task of lhr.audits['long-tasks'].details?.items ?? []) {
            console.log(`${path}?lang=${language}  long task at ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms  ${task.url}`);
          }
          const work = lhr.audits['mainthread-work-breakdown'].details?.items ?? [];
          console.log(`${path}?lang=${language}  main thread: ${work.map((item) => `${item.groupLabel} ${Math.round(item.duration)} ms`).join(', ')}`);
          for (const shift of lhr.audits['layout-shifts']?.details?.items ?? []) {
            console.log(`${path}?lang=${language}  layout shift ${shift.score.toFixed(3)}: ${shift.node?.snippet ?? shift.node?.selector ?? '?'}`);
          }
        }
      }
    }
  }
} finally {
  chrome.kill();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const rows = [...new Set(runs.map((run) => run.page))].map((page) => {
  const ofPage = runs.filter((run) => run.page === page);
  const row = { page, tbtRange: `${Math.min(...ofPage.map((run) => run.tbt))}–${Math.max(...ofPage.map((run) => run.tbt))}` };
  for (const figure of ['performance', 'lcp', 'fcp', 'cls', 'tbt', 'seo', 'accessibility', 'benchmark']) row[figure] = median(ofPage.map((run) => run[figure]));
  return row;
});

const meets = (row) =>
  row.performance >= TARGETS.performance &&
  row.lcp <= TARGETS.lcp &&
  row.cls <= TARGETS.cls &&
  row.tbt <= TARGETS.tbt &&
  row.seo >= TARGETS.seo &&
  row.accessibility >= TARGETS.accessibility;
console.log(`medians of ${ROUNDS} run(s) per page`);
console.log('page                              perf  LCP ms  FCP ms    CLS  TBT ms  TBT range  SEO  a11y  bench  targets');
for (const row of rows) {
  console.log(
    [
      row.page.padEnd(32),
      String(Math.round(row.performance)).padStart(5),
      String(Math.round(row.lcp)).padStart(7),
      String(Math.round(row.fcp)).padStart(7),
      row.cls.toFixed(3).padStart(6),
      String(Math.round(row.tbt)).padStart(7),
      row.tbtRange.padStart(10),
      String(row.seo).padStart(4),
      String(row.accessibility).padStart(5),
      String(Math.round(row.benchmark)).padStart(6),
      meets(row) ? '  met' : '  missed',
    ].join(' '),
  );
}
console.log(`targets: performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcp} ms, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbt} ms, SEO ${TARGETS.seo}, accessibility ${TARGETS.accessibility}`);
