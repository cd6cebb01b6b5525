import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { SearchBox } from './SearchBox';

const brands = [
  { id: 'bloch', name: 'Bloch', description: 'Australian maker', history: '', keyFeatures: [], popularModels: [], image: '', link: '', retailerLink: '' },
];
const products = [
  { id: 'p1', brandId: 'bloch', name: 'Serenade', image: '', link: 'https://maker.example/serenade', price: '$90', description: 'Tapered box' },
];

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderSearch() {
  mockFetch((url) => jsonResponse(url.startsWith('/api/brands') ? brands : products));
  return renderWithProviders(
    <>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
}

const input = () => screen.getByRole('searchbox', { name: 'Search brands and products' });

describe('SearchBox', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('says it is searching until the typing pauses, then lists brands and products', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: 'bloch' } });
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Bloch' })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    expect(screen.getByText('Brands')).toBeInTheDocument();
  });

  it('tells when nothing matches', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: 'freed' } });
    expect(await screen.findByText('No brands or products match “freed”')).toBeInTheDocument();
  });

  it('opens a chosen brand’s page and empties the box', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: 'australian' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Bloch' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/brand/bloch');
    expect(input()).toHaveValue('');
  });

  it('opens a chosen product at its maker in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderSearch();
    fireEvent.change(input(), { target: { value: 'tapered' } });
    fireEvent.click(await screen.findByRole('option', { name: /Serenade/ }));
    expect(open).toHaveBeenCalledWith('https://maker.example/serenade', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('clears with the clear button and with Escape', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: 'bloch' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    fireEvent.change(input(), { target: { value: 'bloch' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(input()).toHaveValue(''));
  });
});
