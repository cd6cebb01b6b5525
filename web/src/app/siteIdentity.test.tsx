import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import AdminApp from '../features/admin/AdminApp';
import { AdminOnly } from '../lib/session/AdminOnly';
import { admin, mockApi, renderWithSession, sessionRoutes, storeSignedIn, type ApiCall } from '../test/auth';
import { fill } from '../test/forms';
import { localeText } from '../test/locales';
import { usePageTitle, type PageKey } from '../components/usePageTitle';
import { Layout } from './Layout';
import type { SiteConfig } from '../lib/siteConfig';

const blank = { he: '', en: '', ru: '', fr: '', es: '' };
const configured: SiteConfig = {
  siteName: 'Grand Jeté',
  slogan: { ...blank, en: 'Dance en pointe', he: 'רוקדים על פוינט' },
  location: { ...blank, en: 'Lyon, France' },
  contactEmail: 'bonjour@grandjete.example',
  websiteUrl: 'https://grandjete.example/',
};
const unset: SiteConfig = { siteName: '', slogan: blank, location: blank, contactEmail: '', websiteUrl: '' };
/** What the public read adds to the identity: the shoe data's credit. */
const dataCredit = '"Data Pointes Lab Database" by Danielle Heymann (Data Pointes Lab), licensed under CC BY 4.0';

function TitledPage({ page }: { page: PageKey }) {
  usePageTitle(page);
  return <p>Page</p>;
}

function renderSite(site: SiteConfig, page: PageKey = 'home') {
  const api = mockApi({ 'GET /config/site': { ...site, dataCredit } });
  renderWithSession([{ element: <Layout />, children: [{ path: '/', element: <TitledPage page={page} /> }] }]);
  return api;
}

const header = () => within(screen.getByRole('banner'));
const footer = () => within(screen.getByRole('contentinfo'));
const year = new Date().getFullYear();

describe('site identity in the header and footer', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the configured name, slogan, location, contact and website', async () => {
    renderSite(configured);
    expect(await header().findByRole('heading', { name: 'Grand Jeté' })).toBeInTheDocument();
    expect(header().getByText('Dance en pointe')).toBeInTheDocument();
    expect(await footer().findByText('Lyon, France')).toBeInTheDocument();
    expect(footer().getByText(`© ${year} Grand Jeté. All rights reserved.`)).toBeInTheDocument();
    expect(footer().getByRole('link', { name: 'bonjour@grandjete.example' })).toHaveAttribute('href', 'mailto:bonjour@grandjete.example');
    expect(footer().getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://grandjete.example/');
    // The shoe data's credit, in its own English words, with the licence.
    expect(footer().getByText(dataCredit)).toHaveAttribute('lang', 'en');
    expect(footer().getByRole('link', { name: 'Licence (CC BY 4.0)' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
  });

  it('shows the built-in texts where the admin left a field blank, and only the contact details given', async () => {
    renderSite({ ...unset, websiteUrl: 'https://pointe.example/' });
    expect(await footer().findByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://pointe.example/');
    expect(header().getByRole('heading', { name: 'Pointe' })).toBeInTheDocument();
    expect(header().getByText(localeText('en', 'site.slogan'))).toBeInTheDocument();
    expect(footer().getByText(localeText('en', 'footer.location'))).toBeInTheDocument();
    expect(footer().getByText(`© ${year} Pointe. All rights reserved.`)).toBeInTheDocument();
    expect(footer().queryByText(/Contact/)).not.toBeInTheDocument();
  });

  it('uses each language its own text, falling back per language', async () => {
    await i18n.changeLanguage('he');
    renderSite(configured);
    expect(await header().findByText('רוקדים על פוינט')).toBeInTheDocument();
    // The location is set in English only: Hebrew shows its built-in one.
    expect(footer().getByText(localeText('he', 'footer.location'))).toBeInTheDocument();
    await i18n.changeLanguage('ru');
    expect(await header().findByText(localeText('ru', 'site.slogan'))).toBeInTheDocument();
  });

  it('puts the configured name in the page title, at its start or its end', async () => {
    renderSite(configured);
    await vi.waitFor(() => expect(document.title).toBe(localeText('en', 'meta.home.title').replace('Pointe', 'Grand Jeté')));
    expect(document.title.startsWith('Grand Jeté')).toBe(true);
  });

  it('keeps the built-in name in titles while none is set', async () => {
    renderSite(unset, 'tips');
    expect(await header().findByRole('heading', { name: 'Pointe' })).toBeInTheDocument();
    expect(document.title).toBe(localeText('en', 'meta.tips.title'));
  });
});

describe('The site identity saved in the admin', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  const stored: SiteConfig = {
    siteName: 'Pointe',
    slogan: { ...blank, he: 'נעליים לכל רקדנית', en: 'Shoes for every dancer' },
    location: blank,
    contactEmail: 'hello@pointe.example',
    websiteUrl: 'https://pointe.example',
  };

  it("shows the saved name in the admin's header at once", async () => {
    storeSignedIn();
    let site = { ...stored };
    const api = mockApi({
      ...sessionRoutes(admin),
      'GET /config/site': () => ({ ...site, dataCredit }),
      'GET /admin/settings/site': () => site,
      'PUT /admin/settings/site': (call: ApiCall) => (site = call.body as SiteConfig),
    });
    const user = userEvent.setup();
    renderWithSession([{ path: '/admin/*', element: <AdminOnly><AdminApp /></AdminOnly> }], { path: '/admin/settings' });
    const banner = within(await screen.findByRole('banner'));
    expect(await banner.findByRole('heading', { level: 2, name: 'Pointe' })).toBeInTheDocument();
    await fill(user, await screen.findByRole('textbox', { name: 'Site name' }), 'Grand Jeté');
    await user.click((await screen.findAllByRole('button', { name: 'Save' }))[0]!);
    expect(await banner.findByRole('heading', { level: 2, name: 'Grand Jeté' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /config/site').length).toBeGreaterThanOrEqual(1));
  }, 20_000);
});
