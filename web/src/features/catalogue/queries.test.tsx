import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { useBrandProducts, useProducts } from './queries';

const product = (id: string, brandId: string) => ({ id, brandId, name: id, image: '', link: '', price: '$90', description: '' });
const products = [product('bloch-heritage', 'bloch'), product('nikolay-elite', 'nikolay'), product('nikolay-fouette', 'nikolay')];

function BrandModels({ brandId }: { brandId: string }) {
  const models = useBrandProducts(brandId);
  return <p data-testid="models">{models.data?.map((model) => model.id).join(' ')}</p>;
}

/** The whole list read first (as the search's idle read does), then a maker's page. */
function AfterWholeList() {
  const whole = useProducts();
  return whole.data ? <BrandModels brandId="nikolay" /> : null;
}

describe('useBrandProducts', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it("reads only the maker's products", async () => {
    const fetchMock = mockFetch(() => jsonResponse(products.slice(1)));
    renderWithProviders(<BrandModels brandId="nikolay" />);
    expect(await screen.findByText('nikolay-elite nikolay-fouette')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products?brandId=nikolay&lang=en']);
  });

  it('takes them from the whole list when that was read already, without a call', async () => {
    const fetchMock = mockFetch(() => jsonResponse(products));
    renderWithProviders(<AfterWholeList />);
    expect(await screen.findByText('nikolay-elite nikolay-fouette')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products?lang=en']);
  });
});
