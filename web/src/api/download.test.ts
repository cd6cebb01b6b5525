import { describe, expect, it } from 'vitest';

import { csvResponse, recordDownloads } from '../test/downloads';
import { jsonResponse, mockFetch } from '../test/fetchMock';
import { dispositionFileName, downloadFile } from './download';
import { ApiError } from './errors';
import { TOKEN_KEY } from './token';

describe('dispositionFileName', () => {
  it('reads the quoted, plain and UTF-8 forms, preferring the UTF-8 one', () => {
    expect(dispositionFileName('attachment; filename="users.csv"')).toBe('users.csv');
    expect(dispositionFileName('attachment; filename=audit-logs.csv')).toBe('audit-logs.csv');
    expect(dispositionFileName(`attachment; filename="x.csv"; filename*=UTF-8''%D7%9E%D7%A9%D7%AA%D7%9E%D7%A9%D7%99%D7%9D.csv`)).toBe('משתמשים.csv');
    expect(dispositionFileName('inline')).toBeUndefined();
    expect(dispositionFileName(null)).toBeUndefined();
  });
});

describe('downloadFile', () => {
  const downloads = recordDownloads();

  it('sends the bearer token and saves the answer under the server’s name', async () => {
    localStorage.setItem(TOKEN_KEY, 'the-token');
    const fetchMock = mockFetch(() => csvResponse('Username\r\nodette\r\n', 'users.csv'));
    await downloadFile('/users/export?ids=u-1', 'fallback.csv');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/export?ids=u-1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    expect(downloads.map((download) => download.name)).toEqual(['users.csv']);
    // Saved byte for byte, the byte-order mark included (text() would drop it).
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Username\r\nodette\r\n');
  });

  it('uses the fallback name when the server gives none', async () => {
    mockFetch(() => csvResponse('Time\r\n'));
    await downloadFile('/admin/audit-logs/export', 'audit-logs.csv');
    expect(downloads.map((download) => download.name)).toEqual(['audit-logs.csv']);
  });

  it('raises the server’s error and saves nothing', async () => {
    mockFetch(() => jsonResponse({ error: 'Select at most 1000 users', code: 'too_many_ids' }, 400));
    const failure = await downloadFile('/users/export?ids=x', 'users.csv').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Select at most 1000 users');
    expect(downloads).toEqual([]);
  });
});
