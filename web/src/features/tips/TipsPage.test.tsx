import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { member, mockApi, renderWithSession, sessionRoutes, storeSignedIn } from '../../test/auth';
import { TipsPage } from './TipsPage';

const tips = {
  sections: [
    { id: 'choosing', title: 'Choosing your first pair', paragraphs: ['Go to a fitter.', 'Bring your own tights.'], points: ['Take your time', 'Try several makers'] },
    { id: 'care', title: 'Caring for your shoes', paragraphs: ['Let them dry between classes.'], points: [] },
  ],
};

const renderTips = () => renderWithSession([{ path: '/tips', element: <TipsPage /> }], { path: '/tips' });

describe('TipsPage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('asks signed-out visitors to log in, and fetches no tips', async () => {
    const api = mockApi({ 'GET /tips': tips });
    renderTips();
    expect(await screen.findByText('Log in to see our exclusive tips on choosing, fitting, breaking in and caring for pointe shoes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(api.callsTo('GET /tips')).toEqual([]);
  });

  it('shows the sections from GET /api/tips in the interface language to signed-in users', async () => {
    storeSignedIn();
    const api = mockApi({ ...sessionRoutes(member), 'GET /tips': tips });
    renderTips();
    expect(await screen.findByRole('heading', { level: 2, name: 'Choosing your first pair' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pointe shoe tips' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Caring for your shoes' })).toHaveTextContent('Let them dry between classes.');
    const choosing = screen.getByRole('region', { name: 'Choosing your first pair' });
    expect(choosing).toHaveTextContent('Go to a fitter.');
    expect(choosing).toHaveTextContent('Bring your own tights.');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Take your time', 'Try several makers']);
    expect(screen.queryByText(/Log in to see our exclusive tips/)).not.toBeInTheDocument();
    expect(api.callsTo('GET /tips').map((call) => call.path)).toEqual(['/tips?lang=en']);
  });

  it('asks in the language the interface shows', async () => {
    await i18n.changeLanguage('fr');
    storeSignedIn();
    const api = mockApi({ ...sessionRoutes(member), 'GET /tips': tips });
    renderTips();
    await waitFor(() => expect(api.callsTo('GET /tips').map((call) => call.path)).toEqual(['/tips?lang=fr']));
  });
});
