import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { pageAddress, reportCrash, withoutAddressTails, type CrashReport } from './reportCrash';

/** An unsubscribe link's page, its token in the query and another in the fragment. */
const TOKEN = 'eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl';
const PAGE = `/unsubscribe?token=${TOKEN}&lang=en#reset=${TOKEN}`;

/** Reports `error` and returns what was sent. */
async function sentReport(error: Error, componentStack?: string): Promise<CrashReport> {
  const fetchMock = mockFetch(() => jsonResponse({ ok: true }, 201));
  await reportCrash(error, componentStack);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('/api/admin/log-error');
  return JSON.parse(init.body as string) as CrashReport;
}

describe('reportCrash', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', PAGE);
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sends the page’s address without its query and fragment', async () => {
    expect(window.location.href).toContain(TOKEN);
    const report = await sentReport(new Error('the shoe had no size'));
    expect(report.url).toBe(`${window.location.origin}/unsubscribe`);
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });

  it('leaves the query and fragment out of the addresses in the stack, keeping each frame’s line and column', async () => {
    const here = window.location.href;
    const error = new Error(`the shoe had no size at ${here}`);
    error.stack = [
      `Error: the shoe had no size at ${here}`,
      `    at onClick (${here}:12:34)`,
      `    at ${here}:56:7`,
      `    at Xt (${window.location.origin}/assets/start-Bq3x_9aZ.js:1:2345)`,
      `render@${here}:8:9`,
    ].join('\n');
    const report = await sentReport(error, `\n    at Unsubscribe (${here}:3:4)`);
    const page = `${window.location.origin}/unsubscribe`;
    expect(report.stack).toBe(
      [
        `Error: the shoe had no size at ${page}`,
        `    at onClick (${page}:12:34)`,
        `    at ${page}:56:7`,
        `    at Xt (${window.location.origin}/assets/start-Bq3x_9aZ.js:1:2345)`,
        `render@${page}:8:9`,
      ].join('\n'),
    );
    expect(report.message).toBe(`the shoe had no size at ${page}`);
    expect(report.componentStack).toBe(`\n    at Unsubscribe (${page}:3:4)`);
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });
});

describe('withoutAddressTails', () => {
  it('cuts a query or fragment at the end of the address only', () => {
    expect(withoutAddressTails('see https://pointe.example/reset?token=abc#top then "http://a.example/x?y=1"')).toBe(
      'see https://pointe.example/reset then "http://a.example/x"',
    );
    expect(withoutAddressTails('at https://pointe.example/assets/a.js:1:2')).toBe('at https://pointe.example/assets/a.js:1:2');
    expect(withoutAddressTails('no address? none # here')).toBe('no address? none # here');
  });

  it('gives the address of the page as origin and path', () => {
    expect(pageAddress({ origin: 'https://pointe.example', pathname: '/reset-password' })).toBe('https://pointe.example/reset-password');
  });
});
