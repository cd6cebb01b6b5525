import { afterEach, beforeEach, vi } from 'vitest';

/** A file the page handed to the browser to save. */
export interface Download {
  name: string;
  blob: Blob;
}

/**
 * Records the files saved through a link click (jsdom neither makes object URLs nor downloads),
 * for the tests of the file that calls it.
 */
export function recordDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  beforeEach(() => {
    downloads.length = 0;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:test/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: blobs.get(this.href)! });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return downloads;
}

/** A CSV answer as the server sends one. */
export const csvResponse = (text: string, fileName?: string) =>
  new Response(`\uFEFF${text}`, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', ...(fileName ? { 'Content-Disposition': `attachment; filename="${fileName}"` } : {}) },
  });
