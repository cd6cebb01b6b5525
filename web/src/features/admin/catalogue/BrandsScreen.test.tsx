import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { queuedCalls } from '../../../api/offlineQueue';
import { setBrowserOnline } from '../../../test/browser';
import { dialogNamed, expectFieldError, fill, languagePanel } from '../../../test/forms';
import { renderAdmin } from '../renderAdmin';
import type { ApiCall } from '../../../test/auth';
import { jsonResponse } from '../../../test/fetchMock';
import type { BrandRecord, BrandText } from './api';

// Each form holds every language's fields: slow to render in jsdom.
vi.setConfig({ testTimeout: 20_000 });

const text = (name: string, description: string, extra: Partial<BrandText> = {}): BrandText => ({
  name,
  description,
  history: '',
  keyFeatures: [],
  popularModels: [],
  ...extra,
});

const brand = (id: string, he: string, en: string, productCount: number): BrandRecord => ({
  id,
  image: '',
  link: `https://${id}.example/`,
  retailerLink: '',
  translations: { he: text(he, `תיאור ${he}`), en: text(en, `About ${en}`) },
  productCount,
  updatedAt: 1_900_000_000_000,
});

const bloch = brand('bloch', 'בלוך', 'Bloch', 3);
const grishko = brand('grishko', 'גרישקו', 'Grishko', 0);
const gaynor = brand('gaynor-minden', 'גיינור מינדן', 'Gaynor Minden', 2);
const brands = [bloch, grishko, gaynor];

function renderBrands(routes: Record<string, unknown> = {}) {
  return renderAdmin('/admin/brands', { 'GET /admin/brands': brands, ...routes });
}

const brandsTable = () => screen.findByRole('table', { name: 'Brands' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('BrandsScreen', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('lists the brands from the API with their names, ids, product counts and links', async () => {
    const { api } = renderBrands();
    expect(await screen.findByRole('heading', { level: 1, name: 'Brands' })).toBeInTheDocument();
    const rows = bodyRows(await brandsTable());
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // Selection box, image, name, id, products, languages, link, actions.
    expect(cells(rows[0]!).slice(2, 7)).toEqual(['Bloch', 'bloch', '3', 'he, en', 'bloch.example/']);
    expect(cells(rows[2]!).slice(2, 5)).toEqual(['Gaynor Minden', 'gaynor-minden', '2']);
    expect(within(rows[0]!).getByRole('link', { name: 'bloch.example/' })).toHaveAttribute('href', 'https://bloch.example/');
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Grishko' })).toBeInTheDocument();
    expect(api.callsTo('GET /admin/brands')).toHaveLength(1);
    expect(api.callsTo('GET /admin/brands')[0]?.bearer).toBeTruthy();
  });

  it('checks a new brand before sending: the required fields say so and the first one takes the focus', async () => {
    const { api, user } = renderBrands();
    await brandsTable();
    await user.click(screen.getByRole('button', { name: 'Add brand' }));
    const dialog = dialogNamed('Add brand');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const id = within(dialog).getByLabelText(/^Brand id/);
    expectFieldError(id, 'This field is required');
    expectFieldError(within(dialog).getByLabelText(/^Website link/), 'This field is required');
    const hebrew = languagePanel(dialog, 'he');
    expectFieldError(hebrew.getByLabelText(/^Brand name/), 'This field is required');
    expectFieldError(hebrew.getByLabelText(/^Description/), 'This field is required');
    // Optional fields and the other languages are fine empty.
    expect(within(dialog).getByLabelText(/^Find-a-retailer link/)).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByRole('tab', { name: /עברית/ })).toContainElement(within(dialog).getByLabelText('has errors'));
    expect(within(dialog).getByRole('tab', { name: /English/ })).not.toHaveTextContent('has errors');

    await waitFor(() => expect(id).toHaveFocus());
    expect(api.callsTo('POST /admin/brands')).toEqual([]);

    // A wrong id format is named too.
    await fill(user, id, 'Bloch Shoes');
    expectFieldError(id, 'Use lowercase letters, digits and hyphens only');
  });

  it('adds a brand: sends the draft with the filled languages only and lists are split by line, then reloads the list', async () => {
    const capezio: BrandRecord = { ...brand('capezio', 'קפזיו', 'Capezio', 0), link: 'https://www.capezio.com' };
    const { api, user } = renderBrands({
      'POST /admin/brands': (call: ApiCall) => {
        api.set('GET /admin/brands', [...brands, capezio]);
        return { ...capezio, ...(call.body as object) };
      },
    });
    await brandsTable();
    await user.click(screen.getByRole('button', { name: 'Add brand' }));
    const dialog = dialogNamed('Add brand');
    await fill(user, within(dialog).getByLabelText(/^Brand id/), 'capezio');
    await fill(user, within(dialog).getByLabelText(/^Website link/), ' https://www.capezio.com ');
    const hebrew = languagePanel(dialog, 'he');
    await fill(user, hebrew.getByLabelText(/^Brand name/), 'קפזיו');
    await fill(user, hebrew.getByLabelText(/^Description/), 'יצרנית אמריקאית');
    await fill(user, hebrew.getByLabelText(/^Key features/), 'קופסה רחבה\n\n  סוליה גמישה  \n');
    await user.click(within(dialog).getByRole('tab', { name: /English/ }));
    const english = languagePanel(dialog, 'en');
    await fill(user, english.getByLabelText(/^Brand name/), 'Capezio');
    await fill(user, english.getByLabelText(/^Description/), 'American maker');
    await fill(user, english.getByLabelText(/^Popular models/), 'Airess\nPlié');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /admin/brands')).toHaveLength(1));
    expect(api.callsTo('POST /admin/brands')[0]?.body).toStrictEqual({
      id: 'capezio',
      image: '',
      link: 'https://www.capezio.com',
      retailerLink: '',
      translations: {
        he: { name: 'קפזיו', description: 'יצרנית אמריקאית', history: '', keyFeatures: ['קופסה רחבה', 'סוליה גמישה'], popularModels: [] },
        en: { name: 'Capezio', description: 'American maker', history: '', keyFeatures: [], popularModels: ['Airess', 'Plié'] },
      },
    });
    await waitFor(() => expect(api.callsTo('GET /admin/brands')).toHaveLength(2));
    expect(await screen.findByRole('cell', { name: 'Capezio' })).toBeInTheDocument();
    expect(screen.getByText('Brand קפזיו added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add brand' })).toBeNull());
  });

  it('shows "id already in use" at the id field and keeps the dialog open', async () => {
    const { api, user } = renderBrands({
      'POST /admin/brands': () => jsonResponse({ error: 'This id is already in use', fields: { id: { code: 'id_taken', message: 'This id is already in use' } } }, 409),
    });
    await brandsTable();
    await user.click(screen.getByRole('button', { name: 'Add brand' }));
    const dialog = dialogNamed('Add brand');
    const id = within(dialog).getByLabelText(/^Brand id/);
    await fill(user, id, 'bloch');
    await fill(user, within(dialog).getByLabelText(/^Website link/), '/brands/bloch');
    const hebrew = languagePanel(dialog, 'he');
    await fill(user, hebrew.getByLabelText(/^Brand name/), 'בלוך');
    await fill(user, hebrew.getByLabelText(/^Description/), 'עוד בלוך');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expectFieldError(id, 'This id is already in use'));
    await waitFor(() => expect(id).toHaveFocus());
    expect(api.callsTo('POST /admin/brands')).toHaveLength(1);
    expect(dialogNamed('Add brand')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/brands')).toHaveLength(1);
  });

  describe('deleting', () => {
    it('asks what to do with the brand’s products, and moves them to the chosen brand', async () => {
      const { api, user } = renderBrands({ 'DELETE /admin/brands/bloch': { ok: true } });
      await brandsTable();
      await user.click(screen.getByRole('button', { name: 'Delete Bloch' }));
      const dialog = dialogNamed('Delete Bloch?');
      const question = within(dialog).getByRole('radiogroup', { name: 'They have 3 products. What should happen to them?' });
      expect(within(question).getByRole('radio', { name: 'Delete the products too' })).toBeChecked();

      await user.click(within(question).getByRole('radio', { name: 'Move the products to another brand' }));
      // Nothing is sent until a brand is chosen.
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose the brand that gets the products');
      expect(api.callsTo('DELETE /admin/brands/bloch')).toEqual([]);

      await user.click(within(dialog).getByRole('combobox', { name: /^Move them to/ }));
      const options = await screen.findAllByRole('option');
      // The brand being deleted is not offered.
      expect(options.map((option) => option.textContent)).toEqual(['Grishko', 'Gaynor Minden']);
      await user.click(screen.getByRole('option', { name: 'Gaynor Minden' }));
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(api.callsTo('DELETE /admin/brands/bloch').map((call) => call.path)).toEqual(['/admin/brands/bloch?products=move&moveTo=gaynor-minden']));
      await waitFor(() => expect(api.callsTo('GET /admin/brands')).toHaveLength(2));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Bloch?' })).toBeNull());
      expect(screen.getByText('Brand deleted')).toBeInTheDocument();
    });

    it('deletes the products with the brand when asked to', async () => {
      const { api, user } = renderBrands({ 'DELETE /admin/brands/bloch': { ok: true } });
      await brandsTable();
      await user.click(screen.getByRole('button', { name: 'Delete Bloch' }));
      const dialog = dialogNamed('Delete Bloch?');
      await user.click(within(dialog).getByRole('radio', { name: 'Move the products to another brand' }));
      await user.click(within(dialog).getByRole('radio', { name: 'Delete the products too' }));
      expect(within(dialog).queryByRole('combobox', { name: /^Move them to/ })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(api.callsTo('DELETE /admin/brands/bloch').map((call) => call.path)).toEqual(['/admin/brands/bloch?products=delete']));
    });

    it('deletes a brand without products without asking about them', async () => {
      const { api, user } = renderBrands({ 'DELETE /admin/brands/grishko': { ok: true } });
      await brandsTable();
      await user.click(screen.getByRole('button', { name: 'Delete Grishko' }));
      const dialog = dialogNamed('Delete Grishko?');
      expect(dialog).toHaveTextContent('The brand disappears from the site at once. This cannot be undone.');
      expect(within(dialog).queryByRole('radiogroup')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(api.callsTo('DELETE /admin/brands/grishko').map((call) => call.path)).toEqual(['/admin/brands/grishko']));
    });

    it('deletes the selected brands, moving all their products to a brand that stays', async () => {
      const { api, user } = renderBrands({ 'DELETE /admin/brands/bloch': { ok: true }, 'DELETE /admin/brands/gaynor-minden': { ok: true } });
      await brandsTable();
      await user.click(screen.getByRole('checkbox', { name: 'Select bloch' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select gaynor-minden' }));
      await user.click(within(screen.getByRole('region', { name: 'Selected rows' })).getByRole('button', { name: 'Delete selected' }));
      const dialog = dialogNamed('Delete 2 brands?');
      await user.click(within(dialog).getByRole('radio', { name: 'Move the products to another brand' }));
      expect(within(dialog).getByRole('radiogroup')).toHaveAccessibleName('They have 5 products. What should happen to them?');
      await user.click(within(dialog).getByRole('combobox', { name: /^Move them to/ }));
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Grishko']);
      await user.click(screen.getByRole('option', { name: 'Grishko' }));
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
          '/admin/brands/bloch?products=move&moveTo=grishko',
          '/admin/brands/gaynor-minden?products=move&moveTo=grishko',
        ]),
      );
      expect(await screen.findByText('2 brands deleted')).toBeInTheDocument();
    });
  });

  describe('offline', () => {
    it('closes the form once a save made offline is queued, without a failure', async () => {
      const { api, user } = renderBrands();
      await brandsTable();
      setBrowserOnline(false);
      await user.click(screen.getByRole('button', { name: 'Edit Grishko' }));
      const dialog = dialogNamed('Edit brand');
      await fill(user, languagePanel(dialog, 'he').getByLabelText(/^Description/), 'יצרנית רוסית');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit brand' })).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
      expect(api.callsTo('PUT /admin/brands/grishko')).toEqual([]);
      expect(queuedCalls().map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /admin/brands/grishko']);
    });

    it('queues every selected brand’s delete in order and closes the dialog', async () => {
      const { api, user } = renderBrands();
      await brandsTable();
      setBrowserOnline(false);
      await user.click(screen.getByRole('checkbox', { name: 'Select grishko' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select gaynor-minden' }));
      await user.click(within(screen.getByRole('region', { name: 'Selected rows' })).getByRole('button', { name: 'Delete selected' }));
      const dialog = dialogNamed('Delete 2 brands?');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete 2 brands?' })).toBeNull());
      expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
      expect(queuedCalls().map((call) => call.path)).toEqual(['/admin/brands/grishko', '/admin/brands/gaynor-minden?products=delete']);
    });
  });
});
