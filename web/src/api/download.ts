import { apiFetch } from './client';
import { errorFromAnswer } from './errors';
import { readJson } from './transport';

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` preferred), if any. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header)?.slice(1).find(Boolean);
}

/**
 * GETs a file from the API with the bearer token (a plain link cannot send it) and saves it under the
 * server's name for it, or `fallbackName`. A failure raises the server's error text like `apiRequest`.
 */
export async function downloadFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<void> {
  const response = await apiFetch({ method: 'GET', path, accept: '*/*' }, signal);
  if (!response.ok) throw errorFromAnswer(await readJson(response), response.status);
  saveBlob(dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName, await response.blob());
}
