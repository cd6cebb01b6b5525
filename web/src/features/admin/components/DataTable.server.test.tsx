import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test/render';
import { DataTable, type Column, type TableSort } from './DataTable';

interface Shoe {
  id: string;
  name: string;
  price: number;
}

/** 95 shoes held by a pretend server. */
const shoes: Shoe[] = Array.from({ length: 95 }, (_, index) => ({ id: `shoe-${index + 1}`, name: `Model ${index + 1}`, price: (index + 1) * 10 }));

const columns: Column<Shoe>[] = [
  { key: 'name', header: 'Name', cell: (shoe) => shoe.name, sortable: true },
  // A client-side sort value alone does not make a column sortable on the server.
  { key: 'price', header: 'Price', cell: (shoe) => `$${shoe.price}`, sortValue: (shoe) => shoe.price },
];

interface Asked {
  page: number;
  pageSize: number;
  sort?: TableSort;
  search: string;
}

/** A parent as a screen would be: it keeps the choices and shows the page the "server" gives for them. */
function Host({ onAsk, onExport, onBulk, total }: { onAsk: (asked: Asked) => void; onExport: () => Promise<void>; onBulk: (ids: string[]) => void; total?: number }) {
  const [asked, setAsked] = useState<Asked>({ page: 1, pageSize: 10, search: '' });
  const ask = (next: Asked) => {
    onAsk(next);
    setAsked(next);
  };
  const found = shoes.filter((shoe) => shoe.name.toLowerCase().includes(asked.search.toLowerCase()));
  const ordered = asked.sort?.descending ? [...found].reverse() : found;
  const rows = total === 0 ? [] : ordered.slice((asked.page - 1) * asked.pageSize, asked.page * asked.pageSize);
  return (
    <DataTable
      label="Pointe shoes"
      rows={rows}
      columns={columns}
      rowKey={(shoe) => shoe.id}
      rowLabel={(shoe) => shoe.name}
      emptyText="No shoes found."
      bulkActions={(selected) => <Button onClick={() => onBulk(selected.map((shoe) => shoe.id))}>Archive</Button>}
      server={{
        total: total ?? found.length,
        page: asked.page,
        pageSize: asked.pageSize,
        onPageChange: (page) => ask({ ...asked, page }),
        onPageSizeChange: (pageSize) => ask({ ...asked, pageSize, page: 1 }),
        sort: asked.sort,
        onSortChange: (sort) => ask({ ...asked, sort, page: 1 }),
        search: asked.search,
        onSearchChange: (search) => ask({ ...asked, search, page: 1 }),
        onExport,
      }}
    />
  );
}

function renderHost(props: { total?: number } = {}) {
  const asks: Asked[] = [];
  const onExport = vi.fn(() => Promise.resolve());
  const onBulk = vi.fn();
  renderWithProviders(<Host onAsk={(asked) => asks.push(asked)} onExport={onExport} onBulk={onBulk} total={props.total} />);
  return { asks, onExport, onBulk, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Pointe shoes' });
const names = () => within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const showing = () => screen.getByText(/^\d+–\d+ of \d+$/);

describe('DataTable in server mode', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the rows it is given as the page, and the total the server counted', async () => {
    const { asks, user } = renderHost();
    expect(names()).toEqual(shoes.slice(0, 10).map((shoe) => shoe.name));
    expect(showing()).toHaveTextContent('1–10 of 95');
    // Ten pages of ten: the pager offers the last one.
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(asks).toEqual([{ page: 2, pageSize: 10, search: '' }]);
    expect(names()).toEqual(shoes.slice(10, 20).map((shoe) => shoe.name));
    expect(showing()).toHaveTextContent('11–20 of 95');
  });

  it('asks for another page size', async () => {
    const { asks, user } = renderHost();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '25 per page' }));
    expect(asks.at(-1)).toEqual({ page: 1, pageSize: 25, search: '' });
    expect(names()).toHaveLength(25);
    expect(showing()).toHaveTextContent('1–25 of 95');
  });

  it('asks for a sort by the columns the server sorts, and sorts nothing itself', async () => {
    const { asks, user } = renderHost();
    expect(within(table()).getByRole('columnheader', { name: 'Price' })).toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: /sort by Price/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /sort by Name/ }));
    expect(asks.at(-1)?.sort).toEqual({ key: 'name', descending: false });
    await user.click(screen.getByRole('button', { name: /sort by Name/ }));
    expect(asks.at(-1)?.sort).toEqual({ key: 'name', descending: true });
    expect(within(table()).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
    // The rows are the server's order (here reversed), not re-sorted by name.
    expect(names()?.[0]).toBe('Model 95');
  });

  it('reports the search once typing pauses, not at each key', async () => {
    const { asks, user } = renderHost();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'model 9');
    expect(asks).toEqual([]);
    await waitFor(() => expect(asks).toEqual([{ page: 1, pageSize: 10, search: 'model 9' }]));
    expect(showing()).toHaveTextContent('1–7 of 7');
  });

  it('keeps the selection across pages and hands all of it to the bulk action', async () => {
    const { onBulk, user } = renderHost();
    await user.click(screen.getByRole('checkbox', { name: 'Select Model 2' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Model 25' }));
    expect(screen.getByRole('region', { name: 'Selected rows' })).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(onBulk).toHaveBeenCalledWith(['shoe-2', 'shoe-25']);
  });

  it('leaves the export to the parent', async () => {
    const { onExport, user } = renderHost();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledOnce();
  });

  it('says there is nothing, and offers no export, when the server counts no rows', () => {
    renderHost({ total: 0 });
    expect(screen.getByText('No shoes found.')).toBeInTheDocument();
    expect(showing()).toHaveTextContent('0–0 of 0');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
