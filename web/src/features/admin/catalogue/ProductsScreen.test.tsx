import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogNamed, expectFieldError, fill, languagePanel } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import type { BrandRecord, ProductRecord } from './api';

// Each form holds every language's fields: slow to render in jsdom.
vi.setConfig({ testTimeout: 20_000 });

const brand = (id: string, he: string, en: string): BrandRecord => ({
  id,
  image: '',
  link: `https://${id}.example/`,
  retailerLink: '',
  translations: {
    he: { name: he, description: '', history: '', keyFeatures: [], popularModels: [] },
    en: { name: en, description: '', history: '', keyFeatures: [], popularModels: [] },
  },
  productCount: 1,
  updatedAt: 1,
});
const brands = [brand('bloch', 'בלוך', 'Bloch'), brand('grishko', 'גרישקו', 'Grishko')];

const product = (id: string, brandId: string, he: string, en: string, price: string): ProductRecord => ({
  id,
  brandId,
  price,
  image: '',
  link: `https://${brandId}.example/${id}`,
  translations: { he: { name: he, description: `תיאור ${he}` }, en: { name: en, description: `About ${en}` } },
  updatedAt: 1,
});
const products = [product('bloch-heritage', 'bloch', 'הריטג׳', 'Heritage', '$95'), product('grishko-2007', 'grishko', '2007', 'Grishko 2007', '$80')];

function renderProducts(routes: Record<string, unknown> = {}) {
  return renderAdmin('/admin/products', { 'GET /admin/brands': brands, 'GET /admin/products': products, ...routes });
}

const productsTable = () => screen.findByRole('table', { name: 'Products' });

async function openAddForm(user: ReturnType<typeof renderProducts>['user']) {
  await productsTable();
  await user.click(screen.getByRole('button', { name: 'Add product' }));
  return dialogNamed('Add product');
}

/** Fills in everything but the brand. */
async function fillProduct(user: ReturnType<typeof renderProducts>['user'], dialog: HTMLElement) {
  await fill(user, within(dialog).getByLabelText(/^Product id/), 'bloch-axiom');
  await fill(user, within(dialog).getByLabelText(/^Price/), '$105');
  await fill(user, within(dialog).getByLabelText(/^Product link/), 'https://bloch.example/axiom');
  const hebrew = languagePanel(dialog, 'he');
  await fill(user, hebrew.getByLabelText(/^Product name/), 'אקסיום');
  await fill(user, hebrew.getByLabelText(/^Description/), 'נעל פוינט עם קופסה רחבה');
}

describe('ProductsScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the products with their brand’s name and price', async () => {
    renderProducts();
    const rows = within(await productsTable()).getAllByRole('row').slice(1);
    // Selection box, image, name, id, brand, price, link, actions.
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(2, 6).map((cell) => cell.textContent))).toEqual([
      ['Heritage', 'bloch-heritage', 'Bloch', '$95'],
      ['Grishko 2007', 'grishko-2007', 'Grishko', '$80'],
    ]);
  });

  it('adds a product of the brand chosen from the list, then reloads the products', async () => {
    const { api, user } = renderProducts({
      'POST /admin/products': (call: ApiCall) => {
        const created = { ...(call.body as ProductRecord), updatedAt: 2 };
        api.set('GET /admin/products', [...products, created]);
        return created;
      },
    });
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.click(within(dialog).getByRole('combobox', { name: /^Brand/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Bloch', 'Grishko']);
    await user.click(screen.getByRole('option', { name: 'Bloch' }));
    expect(within(dialog).getByRole('combobox', { name: /^Brand/ })).toHaveValue('Bloch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /admin/products')).toHaveLength(1));
    expect(api.callsTo('POST /admin/products')[0]?.body).toStrictEqual({
      id: 'bloch-axiom',
      brandId: 'bloch',
      price: '$105',
      image: '',
      link: 'https://bloch.example/axiom',
      translations: { he: { name: 'אקסיום', description: 'נעל פוינט עם קופסה רחבה' } },
    });
    await waitFor(() => expect(api.callsTo('GET /admin/products')).toHaveLength(2));
    expect(await screen.findByRole('cell', { name: 'אקסיום' })).toBeInTheDocument();
    expect(screen.getByText('Product אקסיום added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
  });

  it('requires a brand before sending', async () => {
    const { api, user } = renderProducts();
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const brandInput = within(dialog).getByRole('combobox', { name: /^Brand/ });
    expectFieldError(brandInput, 'This field is required');
    await waitFor(() => expect(brandInput).toHaveFocus());
    expect(api.callsTo('POST /admin/products')).toEqual([]);
  });

  it('shows the server’s message for a field at that field', async () => {
    const { api, user } = renderProducts({
      'POST /admin/products': () => jsonResponse({ error: 'Brand not found', fields: { brandId: { code: 'brand_not_found', message: 'Brand not found' } } }, 400),
    });
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.click(within(dialog).getByRole('combobox', { name: /^Brand/ }));
    await user.click(await screen.findByRole('option', { name: 'Grishko' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const brandInput = within(dialog).getByRole('combobox', { name: /^Brand/ });
    await waitFor(() => expectFieldError(brandInput, 'Brand not found'));
    expect(api.callsTo('POST /admin/products')[0]?.body).toMatchObject({ brandId: 'grishko' });
    // Only that field: the others are fine.
    expect(within(dialog).getByLabelText(/^Product id/)).not.toHaveAttribute('aria-invalid');
    expect(dialogNamed('Add product')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/products')).toHaveLength(1);
  });

  it('deletes a product after confirmation', async () => {
    const { api, user } = renderProducts({ 'DELETE /admin/products/grishko-2007': { ok: true } });
    await productsTable();
    await user.click(screen.getByRole('button', { name: 'Delete Grishko 2007' }));
    const dialog = dialogNamed('Delete Grishko 2007?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/admin/products/grishko-2007']));
    await waitFor(() => expect(api.callsTo('GET /admin/products')).toHaveLength(2));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
  });
});
