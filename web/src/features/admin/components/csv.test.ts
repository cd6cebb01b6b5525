import { describe, expect, it } from 'vitest';

import { toCsv } from './csv';

describe('toCsv', () => {
  const columns = [
    { header: 'Name', value: (row: { name: string; price: number }) => row.name },
    { header: 'Price', value: (row: { name: string; price: number }) => row.price },
  ];

  it('quotes what needs quoting and ends lines with CRLF', () => {
    expect(toCsv([{ name: 'Bloch, "Heritage"', price: 85 }, { name: 'two\nlines', price: 0 }], columns)).toBe(
      'Name,Price\r\n"Bloch, ""Heritage""",85\r\n"two\nlines",0\r\n',
    );
  });

  it('keeps formulas from running in a spreadsheet', () => {
    expect(toCsv([{ name: '=HYPERLINK("x")', price: -1 }], columns)).toBe('Name,Price\r\n"\'=HYPERLINK(""x"")",\'-1\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([], columns)).toBe('Name,Price\r\n');
  });
});
