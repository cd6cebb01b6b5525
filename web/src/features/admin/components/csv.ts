import { saveBlob } from '../../../api/download';

/** One column of a CSV export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * RFC 4180 text: cells with a comma, quote or line break are quoted, quotes doubled. A cell that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading
 * apostrophe, so an exported name such as `=HYPERLINK(...)` stays text.
 */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const cell = (value: ReturnType<CsvColumn<T>['value']>) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [columns.map((column) => cell(column.header)), ...rows.map((row) => columns.map((column) => cell(column.value(row))))];
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}

/** Saves `text` as a file; the byte-order mark makes spreadsheet programs read it as UTF-8 (Hebrew, Russian). */
export function downloadCsv(filename: string, text: string) {
  saveBlob(filename, new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
}
