import { act, screen } from '@testing-library/preact';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { checkHealth } from '../../api/connectivity';
import { enqueue } from '../../api/offlineQueue';
import { setBrowserOnline } from '../../test/browser';
import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { NetworkStatus } from './NetworkStatus';
import { OFFLINE_NOTICE_MS, ONLINE_NOTICE_MS, QUEUE_REFRESH_MS } from './useNetworkStatus';

/** Moves the fake clock on and lets React render what changed. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function goOffline() {
  setBrowserOnline(false);
  await act(async () => {
    await checkHealth();
  });
}

async function comeBack() {
  setBrowserOnline(true);
  await act(async () => {
    await checkHealth();
  });
}

describe('NetworkStatus', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    mockFetch(() => jsonResponse({ status: 'ok' }));
    await checkHealth(); // every test starts online
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing while online with nothing queued', () => {
    renderWithProviders(<NetworkStatus />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the offline banner for as long as the connection is gone, and the notice for 5 s', async () => {
    renderWithProviders(<NetworkStatus />);
    await goOffline();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('You are offline');
    expect(screen.getByTestId('offline-notice')).toHaveTextContent('You are currently offline. Some features may be limited.');
    await wait(OFFLINE_NOTICE_MS - 100);
    expect(screen.getByTestId('offline-notice')).toBeInTheDocument();
    await wait(100);
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
  });

  it('says the connection is back for 3 s when it returns', async () => {
    renderWithProviders(<NetworkStatus />);
    await goOffline();
    await comeBack();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('online-notice')).toHaveTextContent('Connection restored. Syncing data...');
    await wait(ONLINE_NOTICE_MS);
    expect(screen.queryByTestId('online-notice')).not.toBeInTheDocument();
  });

  it('counts the changes waiting to be sent', async () => {
    renderWithProviders(<NetworkStatus />);
    expect(screen.queryByTestId('sync-banner')).not.toBeInTheDocument();
    enqueue({ method: 'POST', path: '/admin/products', body: { name: 'Serenade' } });
    enqueue({ method: 'DELETE', path: '/admin/products/7' });
    await wait(QUEUE_REFRESH_MS);
    expect(screen.getByTestId('sync-banner')).toHaveTextContent('Syncing');
    expect(screen.getByLabelText('Changes waiting to be sent: 2')).toHaveTextContent('2');
  });
});
