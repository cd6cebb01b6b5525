import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { setBrowserOnline } from '../../test/browser';
import { hangingFetch, jsonResponse, mockFetch } from '../../test/fetchMock';
import { brandFixture, productFixture } from './fixtures';
import { renderWithProviders } from '../../test/render';
import { BRANDS_KEY, PRODUCTS_KEY } from '../catalogue';
import { SearchBox } from './SearchBox';

const brand = (id: string, name: string, description: string, otherNames: string[] = []) => brandFixture({ id, name, description, otherNames });
const product = (id: string, brandId: string, name: string, description: string, otherNames: string[] = []) =>
  productFixture({ id, brandId, name, description, otherNames, link: `https://${brandId}.example/${id}`, price: '$90' });

const brands = [brand('bloch', 'Bloch', 'Australian maker'), brand('nikolay', 'Nikolay', 'Made in Russia')];
const products = [
  product('bloch-heritage', 'bloch', 'Bloch Heritage', 'Tapered pointe shoe'),
  product('bloch-eurostretch', 'bloch', 'Bloch Eurostretch', 'Stretch satin pointe shoe'),
  product('bloch-balance', 'bloch', 'Bloch European Balance', 'Wide pointe shoe'),
  product('nikolay-elite', 'nikolay', 'Nikolay Elite', 'Hard shank pointe shoe'),
  product('nikolay-fouette', 'nikolay', 'Nikolay Fouetté', 'Light pointe shoe for développés'),
];

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderSearch(answer: { brands: unknown[]; products: unknown[] } = { brands, products }) {
  const fetchMock = mockFetch((url) => jsonResponse(url.startsWith('/api/brands') ? answer.brands : answer.products));
  const view = renderWithProviders(
    <>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
  return { fetchMock, user: userEvent.setup(), ...view };
}

const input = () => screen.getByRole('combobox');
const status = () => screen.getByRole('status');
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('SearchBox', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('says it is searching until the typing pauses, then lists brands and products', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'bloch');
    expect(screen.getByTestId('search-message')).toHaveTextContent('Searching…');
    expect(screen.getByTestId('search-message')).toBeVisible();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Bloch' })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Brands' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(optionNames()).toHaveLength(4);
  });

  it('finds a product typed in mixed case', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'hErItAgE');
    expect(await screen.findByRole('option', { name: /Bloch Heritage/ })).toBeInTheDocument();
    expect(optionNames()).toHaveLength(1);
  });

  it('finds a product typed without its accents', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'DEVELOPPE');
    expect(await screen.findByRole('option', { name: /Nikolay Fouetté/ })).toBeInTheDocument();
  });

  it('finds a brand on the Hebrew site by its Latin name', async () => {
    await i18n.changeLanguage('he');
    const { user, fetchMock } = renderSearch({ brands: [brand('bloch', 'בלוך', 'יצרנית אוסטרלית', ['Bloch'])], products: [] });
    await user.type(input(), 'BLOCH');
    expect(await screen.findByRole('option', { name: 'בלוך' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/brands?lang=he');
  });

  it('reads the product list only once the box is focused', async () => {
    const { fetchMock, user } = renderSearch();
    const read = () => fetchMock.mock.calls.map(([url]) => url);
    await waitFor(() => expect(read()).toContain('/api/brands?lang=en'));
    expect(read()).not.toContain('/api/products?lang=en');
    await user.click(input());
    await waitFor(() => expect(read()).toContain('/api/products?lang=en'));
    await user.type(input(), 'heritage');
    expect(await screen.findByRole('option', { name: /Bloch Heritage/ })).toBeInTheDocument();
  });

  it('exposes the combobox state: expanded, the list it controls and the highlighted option', async () => {
    const { user } = renderSearch();
    expect(input()).toHaveAccessibleName('Search brands and products');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).not.toHaveAttribute('aria-controls');
    await user.type(input(), 'bloch');
    await screen.findByRole('option', { name: 'Bloch' });
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(input()).toHaveAttribute('aria-autocomplete', 'list');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves through the options with the arrow keys, wrapping around', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'bloch');
    const [first, second, , last] = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', first!.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', second!.id);
    expect(first).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', last!.id);
    expect(last).toHaveAccessibleName(/Bloch European Balance/);
  });

  it('opens the brand chosen with ArrowDown and Enter', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'nikolay');
    await screen.findByRole('option', { name: 'Nikolay' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/brand/nikolay');
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens the product chosen with Enter at its maker in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderSearch();
    await user.type(input(), 'elite');
    await screen.findByRole('option', { name: /Nikolay Elite/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(open).toHaveBeenCalledExactlyOnceWith('https://nikolay.example/nikolay-elite', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('does nothing on Enter while no option is highlighted', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderSearch();
    await user.type(input(), 'nikolay');
    await screen.findByRole('option', { name: 'Nikolay' });
    await user.keyboard('{Enter}');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(input()).toHaveValue('nikolay');
  });

  it('opens a brand or product chosen with the mouse', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderSearch();
    await user.type(input(), 'tapered');
    await user.click(await screen.findByRole('option', { name: /Bloch Heritage/ }));
    expect(open).toHaveBeenCalledWith('https://bloch.example/bloch-heritage', '_blank', 'noopener,noreferrer');
    await user.type(input(), 'australian');
    await user.click(await screen.findByRole('option', { name: 'Bloch' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/brand/bloch');
  });

  it('tells when nothing matches, on screen and to screen readers', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'freed');
    await waitFor(() => expect(screen.getByTestId('search-message')).toHaveTextContent('No brands or products match “freed”'));
    expect(status()).toHaveTextContent('No brands or products match “freed”');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('clears the box and the list with the clear button, keeping the focus in the box', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'bloch');
    await screen.findByRole('option', { name: 'Bloch' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(status()).toHaveTextContent(/^$/);
  });

  it('closes the list on the first Escape and clears the box on the second', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'bloch');
    await screen.findByRole('option', { name: 'Bloch' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input()).toHaveValue('bloch');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    // The arrows bring the list back.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Bloch' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
  });

  it('lets Tab leave the box, closing the list', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'bloch');
    await screen.findByRole('option', { name: 'Bloch' });
    await user.tab();
    expect(input()).not.toHaveFocus();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it("lists a maker's first ten models and says how many more matched", async () => {
    const many = Array.from({ length: 14 }, (_, index) => product(`gaynor-${index}`, 'gaynor', `Gaynor Minden ${index + 1}`, ''));
    const { user } = renderSearch({ brands, products: many });
    await user.type(input(), 'gaynor');
    expect(await screen.findByRole('option', { name: /^Gaynor Minden 1 ·/ })).toBeInTheDocument();
    expect(optionNames()).toHaveLength(10);
    expect(screen.getByTestId('search-more')).toHaveTextContent('and 4 more models: type more to narrow the list');
    await waitFor(() => expect(status()).toHaveTextContent('14 results'));
    await user.type(input(), ' minden 1');
    await waitFor(() => expect(optionNames()).toHaveLength(6)); // 1, 10–14
    expect(screen.queryByTestId('search-more')).not.toBeInTheDocument();
  });

  it('announces the number of results once the typing pauses', async () => {
    const { user } = renderSearch();
    await user.type(input(), 'bloc');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status()).toHaveTextContent(/^$/); // not at every keystroke
    await waitFor(() => expect(status()).toHaveTextContent('4 results'));
    await user.clear(input());
    await user.type(input(), 'heritage');
    await waitFor(() => expect(status()).toHaveTextContent(/^1 result$/));
  });

  it('announces the number with the plural forms of the language', async () => {
    await i18n.changeLanguage('ru');
    const { user } = renderSearch();
    await user.type(input(), 'heritage');
    await waitFor(() => expect(status()).toHaveTextContent(/^1 результат$/));
    await user.clear(input());
    await user.type(input(), 'bloch');
    await waitFor(() => expect(status()).toHaveTextContent('4 результата'));
    await user.clear(input());
    await user.type(input(), 'pointe');
    await waitFor(() => expect(status()).toHaveTextContent('5 результатов'));
  });

  it('announces that it is still searching while the lists have not arrived', async () => {
    vi.stubGlobal('fetch', hangingFetch);
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(input(), 'bloch');
    expect(status()).toHaveTextContent(/^$/);
    await waitFor(() => expect(status()).toHaveTextContent('Searching…'));
    expect(screen.getByTestId('search-message')).toHaveTextContent('Searching…');
  });

  it('still finds brands and products offline, from the copies kept by an older version', async () => {
    const { otherNames: _brandNames, ...oldBrand } = brands[0]!;
    const { otherNames: _productNames, ...oldProduct } = products[0]!;
    localStorage.setItem(BRANDS_KEY, JSON.stringify({ en: [oldBrand] }));
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify({ en: [oldProduct] }));
    setBrowserOnline(false);
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(input(), 'BLOCH');
    expect(await screen.findByRole('option', { name: 'Bloch' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Bloch Heritage/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });
});
