import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test/render';
import { DataTable, type Column } from './DataTable';

interface Shoe {
  id: string;
  name: string;
  price: number;
  note: string;
}

/** 30 shoes: every third a Bloch (10), the others Grishko (20); prices 10, 20 … 300. */
const shoes: Shoe[] = Array.from({ length: 30 }, (_, index) => {
  const n = index + 1;
  return { id: `shoe-${n}`, name: n % 3 === 0 ? `Bloch Model ${n}` : `Grishko Model ${n}`, price: n * 10, note: `note ${n}` };
});

const columns: Column<Shoe>[] = [
  { key: 'name', header: 'Name', cell: (shoe) => shoe.name, sortValue: (shoe) => shoe.name, csv: (shoe) => shoe.name },
  { key: 'price', header: 'Price', cell: (shoe) => `$${shoe.price}`, sortValue: (shoe) => shoe.price, csv: (shoe) => shoe.price },
  // Neither sortable nor exported.
  { key: 'note', header: 'Note', cell: (shoe) => shoe.note },
];

function renderTable(props: { rows?: Shoe[]; bulkActions?: (selected: Shoe[], clear: () => void) => React.ReactNode } = {}) {
  const user = userEvent.setup();
  renderWithProviders(
    <DataTable
      label="Pointe shoes"
      rows={props.rows ?? shoes}
      columns={columns}
      rowKey={(shoe) => shoe.id}
      searchText={(shoe) => `${shoe.name} ${shoe.id}`}
      bulkActions={props.bulkActions}
      emptyText="No shoes yet."
    />,
  );
  return user;
}

const table = () => screen.getByRole('table', { name: 'Pointe shoes' });
/** The text of the first data cell of each body row (the name, or after a selection checkbox). */
const shownNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').find((cell) => !cell.querySelector('input'))?.textContent);
const showing = () => screen.getByText(/^\d+–\d+ of \d+$/);
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const search = () => screen.getByRole('searchbox', { name: 'Search' });

async function choosePageSize(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('DataTable', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the first page of 10 rows and moves between pages', async () => {
    const user = renderTable();
    expect(shownNames()).toEqual(shoes.slice(0, 10).map((shoe) => shoe.name));
    expect(showing()).toHaveTextContent('1–10 of 30');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(shownNames()).toEqual(shoes.slice(10, 20).map((shoe) => shoe.name));
    expect(showing()).toHaveTextContent('11–20 of 30');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownNames()).toEqual(shoes.slice(20, 30).map((shoe) => shoe.name));
    expect(showing()).toHaveTextContent('21–30 of 30');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(showing()).toHaveTextContent('11–20 of 30');
  });

  it('shows as many rows as the chosen page size', async () => {
    const user = renderTable();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10 per page', '25 per page', '50 per page', '100 per page']);

    await user.click(screen.getByRole('option', { name: '25 per page' }));
    expect(shownNames()).toHaveLength(25);
    expect(showing()).toHaveTextContent('1–25 of 30');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(shownNames()).toEqual(shoes.slice(25).map((shoe) => shoe.name));
    expect(showing()).toHaveTextContent('26–30 of 30');

    await choosePageSize(user, '50 per page');
    expect(shownNames()).toHaveLength(30);
    expect(showing()).toHaveTextContent('1–30 of 30');
    // One page: no pagination.
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it('filters the rows by the search, ignoring case, and starts again on the first page', async () => {
    const user = renderTable();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.type(search(), 'bLOCH');
    expect(shownNames()).toEqual(['Bloch Model 3', 'Bloch Model 6', 'Bloch Model 9', 'Bloch Model 12', 'Bloch Model 15', 'Bloch Model 18', 'Bloch Model 21', 'Bloch Model 24', 'Bloch Model 27', 'Bloch Model 30']);
    expect(showing()).toHaveTextContent('1–10 of 10');
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();

    await user.clear(search());
    await user.type(search(), 'SHOE-7');
    expect(shownNames()).toEqual(['Grishko Model 7']);
    expect(showing()).toHaveTextContent('1–1 of 1');
  });

  it('sorts by a column header, ascending then descending, and says so with aria-sort', async () => {
    const user = renderTable();
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    // A column without a sort value has no sort button.
    expect(within(header('Note')).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Price.*sort by Price/ }));
    expect(header('Price')).toHaveAttribute('aria-sort', 'ascending');
    // Numbers sort as numbers: 10, 20 … 100, not 10, 100, 110.
    expect(shownNames()).toEqual(shoes.slice(0, 10).map((shoe) => shoe.name));

    await user.click(screen.getByRole('button', { name: /Price.*sort by Price/ }));
    expect(header('Price')).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames()).toEqual(['Bloch Model 30', 'Grishko Model 29', 'Grishko Model 28', 'Bloch Model 27', 'Grishko Model 26', 'Grishko Model 25', 'Bloch Model 24', 'Grishko Model 23', 'Grishko Model 22', 'Bloch Model 21']);

    await user.click(screen.getByRole('button', { name: /Name.*sort by Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Price')).not.toHaveAttribute('aria-sort');
    // Natural order: Model 3 before Model 12.
    expect(shownNames()?.slice(0, 4)).toEqual(['Bloch Model 3', 'Bloch Model 6', 'Bloch Model 9', 'Bloch Model 12']);

    await user.click(screen.getByRole('button', { name: /Name.*sort by Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames()?.slice(0, 3)).toEqual(['Grishko Model 29', 'Grishko Model 28', 'Grishko Model 26']);
  });

  it('shows the bulk actions for the selected rows with their count, and hands them the selected rows', async () => {
    const acted = vi.fn();
    const user = renderTable({
      bulkActions: (selected, clear) => (
        <Button
          onClick={() => {
            acted(selected.map((shoe) => shoe.id));
            clear();
          }}
        >
          Archive
        </Button>
      ),
    });
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select shoe-2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select shoe-5' }));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(bar).toHaveTextContent('2 selected');
    // Some of the page, not all: the page's box is neither ticked nor clear.
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveAttribute('data-indeterminate', 'true');

    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(acted).toHaveBeenCalledWith(['shoe-2', 'shoe-5']);
    // The action cleared the selection.
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select shoe-2' })).not.toBeChecked();
  });

  it('selects every row on the page, and only that page, with the header box', async () => {
    const acted = vi.fn();
    const user = renderTable({ bulkActions: (selected) => <Button onClick={() => void acted(selected.map((shoe) => shoe.id))}>Archive</Button> });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('region', { name: 'Selected rows' })).toHaveTextContent('10 selected');
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(acted).toHaveBeenCalledWith(shoes.slice(10, 20).map((shoe) => shoe.id));

    // Page 1 has none of them.
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select shoe-1' })).not.toBeChecked();

    // Unticking the header box on page 2 clears them again.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it('has no selection boxes without bulk actions', () => {
    renderTable();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  describe('CSV export', () => {
    let blobs: Blob[];
    let downloads: string[];

    beforeEach(() => {
      blobs = [];
      downloads = [];
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return `blob:test/${blobs.length}`;
        }),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(`${this.download} ${this.href}`);
      });
    });

    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('exports every row the search leaves, in the sorted order, across all pages, with the exported columns only', async () => {
      const user = renderTable();
      await user.type(search(), 'grishko');
      await user.click(screen.getByRole('button', { name: /Price.*sort by Price/ }));
      await user.click(screen.getByRole('button', { name: /Price.*sort by Price/ }));
      // Two pages of Grishko shoes; the first shows 10.
      expect(showing()).toHaveTextContent('1–10 of 20');

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(blobs).toHaveLength(1);
      expect(downloads).toEqual(['pointe-shoes.csv blob:test/1']);
      const blob = blobs[0]!;
      expect(blob.type).toBe('text/csv;charset=utf-8');
      // A byte-order mark first, so spreadsheets read UTF-8.
      expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const lines = (await blob.text()).replace(/^\uFEFF/, '').split('\r\n');
      const grishko = shoes.filter((shoe) => shoe.name.startsWith('Grishko')).reverse();
      expect(lines).toEqual(['Name,Price', ...grishko.map((shoe) => `${shoe.name},${shoe.price}`), '']);
      expect(lines).toHaveLength(22);
    });

    it('is disabled when no row is left', async () => {
      const user = renderTable();
      await user.type(search(), 'capezio');
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    });
  });

  it('says when there are no rows at all', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No shoes yet.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing matches your search.')).toBeNull();
    expect(showing()).toHaveTextContent('0–0 of 0');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says when the search matches nothing', async () => {
    const user = renderTable();
    await user.type(search(), 'capezio');
    expect(screen.getByText('Nothing matches your search.')).toBeInTheDocument();
    expect(screen.queryByText('No shoes yet.')).toBeNull();
    expect(shownNames()).toEqual([]);
    expect(showing()).toHaveTextContent('0–0 of 0');
  });
});
