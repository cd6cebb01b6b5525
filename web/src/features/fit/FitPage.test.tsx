import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { member, mockApi, renderWithSession, sessionRoutes, storeSignedIn, type Route } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { expectFieldError, fill } from '../../test/forms';
import { testFamily, testModel } from '../finder';
import { FitPage } from './FitPage';
import { PROFILE_KEY, type FitProfile } from './profile';

const finder = {
  families: [testModel('bloch-alpha', 'bloch'), testFamily('gaynor-europa', 'gaynor', [['europa-box-3', {}, [{ key: 'box', value: '3' }]], ['europa-box-4', {}, [{ key: 'box', value: '4' }]]])],
  attributes: [],
  credit: { name: '', author: '', licence: '', licenceUrl: '', source: '' },
};

const region = (name: string) => within(screen.getByRole('region', { name }));

const recommendations = {
  notes: ['Your right foot is larger: fit the right, and pad the left.'],
  families: [
    {
      familyId: 'gaynor-europa',
      name: 'Gaynor Europa',
      brandName: 'Gaynor',
      variantId: 'europa-box-3',
      variantName: 'Europa Box 3',
      page: '/shoe/gaynor-europa?variant=europa-box-3',
      price: '$110',
      image: '',
      score: 7,
      reasons: ['Made for your toe shape: Egyptian'],
      warnings: ['Only a hard shank: a lot for a first pair, ask your teacher'],
    },
  ],
};

function renderFit(routes: Record<string, Route> = {}) {
  const api = mockApi({ 'GET /finder': finder, 'POST /fit/recommendations': recommendations, ...routes });
  renderWithSession([{ path: '/fit', element: <FitPage /> }, { path: '/finder/my-feet', element: <p>questionnaire</p> }], { path: '/fit' });
  return { api, user: userEvent.setup() };
}

function renderForMember(stored: FitProfile | null, routes: Record<string, Route> = {}) {
  storeSignedIn();
  return renderFit({
    ...sessionRoutes(member),
    'GET /fit-profile': { profile: stored, updatedAt: stored ? 1 : null },
    'PUT /fit-profile': (call) => ({ profile: call.body, updatedAt: 2 }),
    'DELETE /fit-profile': { deleted: true },
    ...routes,
  });
}

describe('FitPage', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it("keeps a visitor's profile on her device, checking each range first", async () => {
    const { api, user } = renderFit();
    expect(await screen.findByText(/kept on this device only/)).toBeInTheDocument();
    const left = region('Left foot');
    await fill(user, left.getByRole('textbox', { name: 'Length (mm)' }), '400');
    await user.selectOptions(left.getByRole('combobox', { name: /^Toe shape/ }), 'egyptian');
    await user.click(screen.getByRole('button', { name: 'Save and see shoes for my feet' }));
    expectFieldError(left.getByRole('textbox', { name: 'Length (mm)' }), 'Between 150 and 330');
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();

    await fill(user, left.getByRole('textbox', { name: 'Length (mm)' }), '238');
    await user.click(screen.getByRole('button', { name: 'Same as my left foot' }));
    expect(region('Right foot').getByRole('textbox', { name: 'Length (mm)' })).toHaveValue('238');
    await user.click(screen.getByRole('button', { name: 'Save and see shoes for my feet' }));
    expect(await screen.findByText('Saved on this device.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PROFILE_KEY) ?? '{}')).toEqual({ left: { lengthMm: 238, toeShape: 'egyptian' }, right: { lengthMm: 238, toeShape: 'egyptian' } });
    expect(api.callsTo('PUT /fit-profile')).toEqual([]);

    // Saved, the profile is sent (not kept) for the shoes that suit it, with why and what to watch.
    const suggested = region('Shoes for your feet');
    const card = within(await suggested.findByRole('article', { name: '1. Gaynor Europa' }));
    expect(card.getByRole('link', { name: '1. Gaynor Europa' })).toHaveAttribute('href', '/shoe/gaynor-europa?variant=europa-box-3');
    expect(card.getByText('Gaynor · Europa Box 3')).toBeInTheDocument();
    expect(card.getByText('Made for your toe shape: Egyptian')).toBeInTheDocument();
    expect(card.getByText(/^Only a hard shank/)).toBeInTheDocument();
    expect(suggested.getByText('Your right foot is larger: fit the right, and pad the left.')).toBeInTheDocument();
    expect(api.callsTo('POST /fit/recommendations').map((call) => [call.path, call.body])).toEqual([
      ['/fit/recommendations?lang=en', { left: { lengthMm: 238, toeShape: 'egyptian' }, right: { lengthMm: 238, toeShape: 'egyptian' } }],
    ]);
  });

  it('lists the pairs she wore with the models to pick from, and says what a weaker leg means', async () => {
    const { user } = renderFit();
    const shoes = region('Shoes I have worn');
    expect(shoes.getByText(/No shoes yet/)).toBeInTheDocument();
    await user.click(shoes.getByRole('button', { name: 'Add a pair' }));
    const pair = within(shoes.getByRole('group', { name: 'Pair 1' }));
    expect(pair.getByRole('checkbox', { name: 'I wear this pair now' })).toBeChecked();
    await user.click(pair.getByRole('combobox', { name: 'Model' }));
    await user.click(await screen.findByRole('option', { name: 'europa-box-4' }));
    await user.click(pair.getByRole('checkbox', { name: 'The shank broke' }));
    await fill(user, pair.getByRole('textbox', { name: /^Hours a pair lasted/ }), '8');
    const strength = region('Strength checks');
    await fill(user, strength.getByRole('textbox', { name: 'Single-leg relevés (left)' }), '22');
    await fill(user, strength.getByRole('textbox', { name: 'Single-leg relevés (right)' }), '12');
    expect(strength.getByText('One leg is weaker: fit the shank to it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and see shoes for my feet' }));
    await screen.findByText('Saved on this device.');
    expect(JSON.parse(localStorage.getItem(PROFILE_KEY) ?? '{}')).toEqual({
      shoes: [{ current: true, model: 'europa-box-4', failed: ['shank-broke'], hours: 8 }],
      strength: { relevesLeft: 22, relevesRight: 12 },
    });
  });

  it("saves a member's profile on her account, shows the server's refusals at the field, and deletes it", async () => {
    const { api, user } = renderForMember({ left: { arch: 'hypermobile' }, dancing: { level: 'advanced', hoursPerWeek: 9 } });
    expect(await screen.findByText(/kept on your account\. Only you can see it/)).toBeInTheDocument();
    // A saved profile comes with its recommendations at once.
    expect(await screen.findByRole('article', { name: '1. Gaynor Europa' })).toBeInTheDocument();
    expect(region('Left foot').getByRole('combobox', { name: /^Arch flexibility/ })).toHaveValue('hypermobile');
    expect(region('My dancing').getByRole('textbox', { name: /^Hours a week/ })).toHaveValue('9');

    api.set('PUT /fit-profile', jsonResponse({ error: 'Must be at most 32 characters', fields: { 'dancing.years': { code: 'out_of_range', message: 'Must be between 0 and 80', values: { min: '0', max: '80' } } } }, 400));
    await user.click(screen.getByRole('button', { name: 'Save and see shoes for my feet' }));
    await waitFor(() => expectFieldError(region('My dancing').getByRole('textbox', { name: 'Years of ballet' }), 'Between 0 and 80'));

    api.set('PUT /fit-profile', (call) => ({ profile: call.body, updatedAt: 3 }));
    await user.click(screen.getByRole('button', { name: 'Save and see shoes for my feet' }));
    expect(await screen.findByText('Saved on your account.')).toBeInTheDocument();
    expect(api.callsTo('PUT /fit-profile').at(-1)?.body).toEqual({ left: { arch: 'hypermobile' }, dancing: { level: 'advanced', hoursPerWeek: 9 } });

    await user.click(screen.getByRole('button', { name: 'Delete my profile' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText('Your fit profile is deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /fit-profile')).toHaveLength(1);
    expect(region('Left foot').getByRole('combobox', { name: /^Arch flexibility/ })).toHaveValue('');
  });

  it('moves a profile made on this device onto her account, and leaves no copy behind', async () => {
    localStorage.setItem(PROFILE_KEY, JSON.stringify({ right: { toeShape: 'square' } }));
    const { api, user } = renderForMember(null);
    await user.click(await screen.findByRole('button', { name: 'Use it on my account' }));
    expect(await screen.findByText('Saved on your account.')).toBeInTheDocument();
    expect(api.callsTo('PUT /fit-profile')[0]?.body).toEqual({ right: { toeShape: 'square' } });
    expect(localStorage.getItem(PROFILE_KEY)).toBeNull();
    expect(region('Right foot').getByRole('combobox', { name: /^Toe shape/ })).toHaveValue('square');
  });

  it('says when no model answers the profile, and when the recommendations could not load', async () => {
    localStorage.setItem(PROFILE_KEY, JSON.stringify({ dancing: { years: 2 } }));
    renderFit({ 'POST /fit/recommendations': { notes: [], families: [] } });
    expect(await screen.findByText(/No model answers your answers yet/)).toBeInTheDocument();
  });

  it('shows a load failure for the stored profile with a way to try again', async () => {
    renderForMember(null, { 'GET /fit-profile': jsonResponse({}, 403) });
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('common.loadFailed'));
    expect(screen.getByRole('button', { name: i18n.t('common.retry') })).toBeInTheDocument();
  });

  it('speaks Hebrew right to left', async () => {
    await i18n.changeLanguage('he');
    renderFit();
    expect(await screen.findByRole('heading', { level: 1, name: 'פרופיל ההתאמה שלי' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'כף רגל שמאל' })).toBeInTheDocument();
  });
});
