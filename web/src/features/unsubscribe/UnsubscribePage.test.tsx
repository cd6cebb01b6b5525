import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';

import { mockApi, renderWithSession, type Route } from '../../test/auth';
import { jsonResponse } from '../../test/fetchMock';
import { UnsubscribePage } from './UnsubscribePage';

const TOKEN = 'user-1.c2lnbmVk';
const EMAIL = 'g•••e@example.org';

function renderPage(routes: Record<string, Route>, path = `/unsubscribe?token=${TOKEN}`) {
  const api = mockApi(routes);
  renderWithSession([{ path: '/unsubscribe', element: <UnsubscribePage /> }], { path });
  return api;
}

const invalid = () => jsonResponse({ error: 'This unsubscribe link is not valid', code: 'unsubscribe_link_invalid' }, 404);

describe('UnsubscribePage', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('names the address, then unsubscribes in one click', async () => {
    const api = renderPage({
      [`GET /email/subscription?token=${TOKEN}`]: { email: EMAIL, unsubscribed: false },
      [`POST /email/unsubscribe?token=${TOKEN}`]: { unsubscribed: true },
    });
    expect(await screen.findByText(`Unsubscribe ${EMAIL} from Pointe’s newsletters, offers and announcements?`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${EMAIL} is unsubscribed.`);
    expect(screen.getByRole('link', { name: 'your account page' })).toHaveAttribute('href', '/account');
    expect(api.callsTo(`POST /email/unsubscribe?token=${TOKEN}`)).toHaveLength(1);
  });

  it('says so at once when the address has left already', async () => {
    renderPage({ [`GET /email/subscription?token=${TOKEN}`]: { email: EMAIL, unsubscribed: true } });
    expect(await screen.findByText(/is unsubscribed\./)).toHaveTextContent(`${EMAIL} is unsubscribed.`);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says the link is not valid, in the reader’s language, without a token or with a forged one', async () => {
    await i18n.changeLanguage('he');
    const api = renderPage({}, '/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('קישור ההסרה הזה אינו תקף');
    expect(api.calls).toEqual([]);
  });

  it('says the link is not valid when the server names nobody', async () => {
    renderPage({ [`GET /email/subscription?token=${TOKEN}`]: invalid });
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows why a click failed and lets the member try again', async () => {
    const api = renderPage({
      [`GET /email/subscription?token=${TOKEN}`]: { email: EMAIL, unsubscribed: false },
      [`POST /email/unsubscribe?token=${TOKEN}`]: invalid,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
    api.set(`POST /email/unsubscribe?token=${TOKEN}`, { unsubscribed: true });
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('is unsubscribed');
  });
});
