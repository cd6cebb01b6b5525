import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dialogNamed, expectFieldError, fill } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import type { BrandRecord, ProductRecord } from '../catalogue';
import type { FamilyRecord } from './api';

vi.setConfig({ testTimeout: 20_000 });

const brand = (id: string, name: string): BrandRecord => ({
  id,
  image: '',
  link: `https://${id}.example/`,
  retailerLink: '',
  translations: { he: { name, description: '', history: '', keyFeatures: [], popularModels: [] } },
  productCount: 1,
  updatedAt: 1,
});
const brands = [brand('bloch', 'Bloch'), brand('gaynor-minden', 'Gaynor Minden')];

const product = (id: string, brandId: string, name: string): ProductRecord => ({
  id,
  brandId,
  price: '$100',
  image: '',
  link: `https://${brandId}.example/${id}`,
  translations: { he: { name, description: '' } },
  updatedAt: 1,
});
const products = [
  product('gm-europa-box-3-supple', 'gaynor-minden', 'Europa Classic - Box 3 Supple'),
  product('gm-europa-box-3-hard', 'gaynor-minden', 'Europa Classic - Box 3 Hard'),
  product('gm-europa-box-4-supple', 'gaynor-minden', 'Europa Classic - Box 4 Supple'),
  product('bloch-heritage', 'bloch', 'Heritage'),
  product('bloch-heritage-strong', 'bloch', 'Heritage Strong'),
  product('bloch-axiom', 'bloch', 'Axiom'),
];

const europa: FamilyRecord = {
  id: 'gaynor-minden-europa-classic',
  name: 'Gaynor Minden Europa Classic',
  brandId: 'gaynor-minden',
  variants: [
    { productId: 'gm-europa-box-3-supple', name: 'Europa Classic - Box 3 Supple', axes: [{ key: 'box', value: '3' }, { key: 'shank', value: 'Supple' }] },
    { productId: 'gm-europa-box-3-hard', name: 'Europa Classic - Box 3 Hard', axes: [{ key: 'box', value: '3' }, { key: 'shank', value: 'Hard' }] },
  ],
};
const europaBox4: FamilyRecord = {
  id: 'gaynor-minden-europa-box-4',
  name: 'Gaynor Minden Europa Box 4',
  brandId: 'gaynor-minden',
  variants: [{ productId: 'gm-europa-box-4-supple', name: 'Europa Classic - Box 4 Supple', axes: [{ key: 'box', value: '4' }, { key: 'shank', value: 'Supple' }] }],
};
const heritage: FamilyRecord = {
  id: 'bloch-heritage-line',
  name: 'Bloch Heritage',
  brandId: 'bloch',
  variants: [
    { productId: 'bloch-heritage', name: 'Heritage', axes: [{ key: 'variant', value: 'Standard' }] },
    { productId: 'bloch-heritage-strong', name: 'Heritage Strong', axes: [{ key: 'variant', value: 'Strong' }] },
  ],
};
const families = [heritage, europaBox4, europa];

function renderFamilies(routes: Record<string, unknown> = {}) {
  return renderAdmin('/admin/families', { 'GET /admin/families': families, 'GET /admin/brands': brands, 'GET /admin/products': products, ...routes });
}

const familiesTable = () => screen.findByRole('table', { name: 'Model families' });
const addModelField = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /^Add a model/ });
const modelNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Models of the family' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('FamiliesScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the families with their brand’s name and how many models each has', async () => {
    const { api } = renderFamilies();
    const rows = within(await familiesTable()).getAllByRole('row').slice(1);
    // Selection box, name, brand, models, id, actions.
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1, 5).map((cell) => cell.textContent))).toEqual([
      ['Bloch Heritage', 'Bloch', '2', 'bloch-heritage-line'],
      ['Gaynor Minden Europa Box 4', 'Gaynor Minden', '1', 'gaynor-minden-europa-box-4'],
      ['Gaynor Minden Europa Classic', 'Gaynor Minden', '2', 'gaynor-minden-europa-classic'],
    ]);
    // The models' names come in the interface's language.
    expect(api.callsTo('GET /admin/families')[0]?.path).toBe('/admin/families?lang=en');
  });

  it('merges another family’s model into a family, in the order chosen, then reloads the families', async () => {
    const merged: FamilyRecord = { ...europa, variants: [europa.variants[0]!, europaBox4.variants[0]!, europa.variants[1]!] };
    const { api, user } = renderFamilies({
      'PUT /admin/families/gaynor-minden-europa-classic': () => {
        api.set('GET /admin/families', [heritage, merged]);
        return merged;
      },
    });
    await familiesTable();
    await user.click(screen.getByRole('button', { name: 'Edit Gaynor Minden Europa Classic' }));
    const dialog = dialogNamed('Edit family');
    expect(modelNames(dialog)).toEqual(['Europa Classic - Box 3 SuppleBox 3 · Supple', 'Europa Classic - Box 3 HardBox 3 · Hard']);

    // Only the maker's models that are not in the family yet, each with the family it would leave.
    await user.click(addModelField(dialog));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Europa Classic - Box 4 Supple (in Gaynor Minden Europa Box 4)']);
    await user.click(screen.getByRole('option', { name: 'Europa Classic - Box 4 Supple (in Gaynor Minden Europa Box 4)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Europa Classic - Box 4 Supple up' }));
    expect(modelNames(dialog)).toEqual(['Europa Classic - Box 3 SuppleBox 3 · Supple', 'Europa Classic - Box 4 SuppleBox 4 · Supple', 'Europa Classic - Box 3 HardBox 3 · Hard']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT /admin/families/gaynor-minden-europa-classic')).toHaveLength(1));
    const call = api.callsTo('PUT /admin/families/gaynor-minden-europa-classic')[0] as ApiCall;
    expect(call.path).toBe('/admin/families/gaynor-minden-europa-classic?lang=en');
    expect(call.body).toStrictEqual({ name: 'Gaynor Minden Europa Classic', products: ['gm-europa-box-3-supple', 'gm-europa-box-4-supple', 'gm-europa-box-3-hard'] });
    await waitFor(() => expect(api.callsTo('GET /admin/families')).toHaveLength(2));
    expect(api.callsTo('GET /admin/products')).toHaveLength(2);
    expect(screen.getByText('Family Gaynor Minden Europa Classic saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit family' })).toBeNull());
    expect(screen.queryByRole('cell', { name: 'Gaynor Minden Europa Box 4' })).toBeNull();
  });

  it('offers any model for a new family until the first is chosen, and shows the server’s message at the models', async () => {
    const { api, user } = renderFamilies({
      'POST /admin/families': () =>
        jsonResponse({ error: 'A family’s models are all of one maker', fields: { products: { code: 'family_of_one_maker', message: 'A family’s models are all of one maker' } } }, 400),
    });
    await familiesTable();
    await user.click(screen.getByRole('button', { name: 'Add family' }));
    const dialog = dialogNamed('Add family');
    await fill(user, within(dialog).getByLabelText(/^Family name/), 'Bloch Axiom');

    await user.click(addModelField(dialog));
    expect(await screen.findAllByRole('option')).toHaveLength(products.length);
    await user.click(screen.getByRole('option', { name: 'Axiom' }));
    await user.click(addModelField(dialog));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Heritage (in Bloch Heritage)', 'Heritage Strong (in Bloch Heritage)']);
    await user.click(screen.getByRole('option', { name: 'Heritage Strong (in Bloch Heritage)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expectFieldError(addModelField(dialog), 'A family’s models must all be by one maker'));
    expect(api.callsTo('POST /admin/families')[0]?.body).toStrictEqual({ name: 'Bloch Axiom', products: ['bloch-axiom', 'bloch-heritage-strong'] });
    expect(within(dialog).getByLabelText(/^Family name/)).not.toHaveAttribute('aria-invalid');
    expect(api.callsTo('GET /admin/families')).toHaveLength(1);
  });

  it('asks for a name and a model before sending', async () => {
    const { api, user } = renderFamilies();
    await familiesTable();
    await user.click(screen.getByRole('button', { name: 'Add family' }));
    const dialog = dialogNamed('Add family');
    expect(within(dialog).getByText('No models yet: add the first one below.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expectFieldError(within(dialog).getByLabelText(/^Family name/), 'This field is required');
    expectFieldError(addModelField(dialog), 'This field is required');
    expect(api.callsTo('POST /admin/families')).toEqual([]);
  });

  it('dissolves a family after confirmation', async () => {
    const { api, user } = renderFamilies({ 'DELETE /admin/families/bloch-heritage-line': () => new Response(null, { status: 204 }) });
    await familiesTable();
    await user.click(screen.getByRole('button', { name: 'Delete Bloch Heritage' }));
    const dialog = dialogNamed('Delete the family Bloch Heritage?');
    expect(dialog).toHaveTextContent('Its models stay in the catalogue and the shoe finder, each as a model of its own.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/admin/families/bloch-heritage-line']));
    await waitFor(() => expect(api.callsTo('GET /admin/families')).toHaveLength(2));
    expect(await screen.findByText('Family deleted')).toBeInTheDocument();
  });
});
