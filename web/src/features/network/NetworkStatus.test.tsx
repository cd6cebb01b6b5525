import { MantineProvider } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiRequest } from '../../api/client';
import { checkHealth } from '../../api/connectivity';
import { dismissQueueProblem, enqueue, flushQueue, QUEUE_KEY, queueProblems } from '../../api/offlineQueue';
import { LANGUAGES } from '../../i18n/languages';
import { cssVariablesResolver, theme } from '../../lib/theme';
import { setBrowserOnline } from '../../test/browser';
import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { localeText } from '../../test/locales';
import { renderWithProviders } from '../../test/render';
import { NetworkStatus } from './NetworkStatus';
import { OFFLINE_NOTICE_MS, ONLINE_NOTICE_MS, QUEUE_REFRESH_MS, QUEUED_NOTICE_MS } from './useNetworkStatus';

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
  // The refusal's sentence comes in a chunk of its own, loaded here once: a `waitFor` runs through its time on
  // the fake clock at once, without waiting for a module to load.
  beforeAll(async () => {
    await import('./QueueProblemText');
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    mockFetch(() => jsonResponse({ status: 'ok' }));
    await checkHealth(); // every test starts online
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    queueProblems().forEach((problem) => dismissQueueProblem(problem.id));
  });

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

  it('shows the queued count at once after a reload: the page the server drew had none', async () => {
    const page = (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <NetworkStatus />
      </MantineProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(container.querySelector('[data-testid="sync-banner"]')).toBeNull();
    // What an earlier page queued, still waiting.
    localStorage.setItem(
      QUEUE_KEY,
      JSON.stringify([
        { id: 'a', method: 'PUT', path: '/admin/brands/bloch', body: {}, queuedAt: 1 },
        { id: 'b', method: 'DELETE', path: '/admin/products/7', queuedAt: 2 },
      ]),
    );
    let root: Root | undefined;
    act(() => void (root = hydrateRoot(container, page)));
    expect(within(container).getByTestId('sync-banner')).toHaveTextContent('Syncing');
    expect(within(container).getByLabelText('Changes waiting to be sent: 2')).toHaveTextContent('2');
    await wait(QUEUE_REFRESH_MS);
    expect(within(container).getByLabelText('Changes waiting to be sent: 2')).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });

  it('follows the queue as it changes, here or in another tab, without waiting for the next second', () => {
    renderWithProviders(<NetworkStatus />);
    act(() => void enqueue({ method: 'POST', path: '/ai/feedback', body: { id: 'x', rating: 1 } }));
    expect(screen.getByLabelText('Changes waiting to be sent: 1')).toBeInTheDocument();
    localStorage.removeItem(QUEUE_KEY);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: QUEUE_KEY, newValue: null })));
    expect(screen.queryByTestId('sync-banner')).not.toBeInTheDocument();
  });

  it('says a change made offline is saved on this device, and counts it until it is sent', async () => {
    renderWithProviders(<NetworkStatus />);
    await goOffline();
    await act(async () => {
      await apiRequest('/admin/brands/bloch', { method: 'PUT', body: { name: 'Bloch' } }).catch(() => undefined);
    });
    expect(screen.getByTestId('queued-notice')).toHaveTextContent('Saved on this device: it will be sent when the connection returns.');
    expect(screen.getByLabelText('Changes waiting to be sent: 1')).toBeInTheDocument();
    await wait(QUEUED_NOTICE_MS);
    expect(screen.queryByTestId('queued-notice')).not.toBeInTheDocument();
    await comeBack();
    // Sent once the queue's sending code has arrived (offlineQueueFlush.ts, a chunk of its own).
    await waitFor(() => expect(screen.queryByTestId('sync-banner')).not.toBeInTheDocument());
  });

  it.each(LANGUAGES)('names a queued change the server refused once back, and why (%s)', async (language) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<NetworkStatus />);
    await goOffline();
    await act(async () => {
      await apiRequest('/admin/brands/bloch', { method: 'PUT', body: { name: '' } }).catch(() => undefined);
    });
    mockFetch(() => jsonResponse({ error: 'Username is required', code: 'username_required' }, 400));
    setBrowserOnline(true);
    await act(async () => void (await flushQueue()));
    const refused = screen.getByTestId('queue-problem');
    expect(refused).toHaveAttribute('role', 'alert');
    expect(refused).toHaveTextContent(localeText(language, 'network.notSent'));
    const shown = localeText(language, 'network.refused', {
      action: localeText(language, 'network.actions.PUT'),
      path: '\u2068/admin/brands/bloch\u2069',
      reason: localeText(language, 'messages.usernameRequired'),
    });
    // As toHaveTextContent reads the page: white space (French's no-break spaces) as one space. The
    // sentence comes with its own chunk (QueueProblemText).
    await waitFor(() => expect(refused).toHaveTextContent(shown.replace(/\s+/g, ' ')));
    expect(screen.queryByTestId('sync-banner')).not.toBeInTheDocument();
    fireEvent.click(within(refused).getByRole('button', { name: localeText(language, 'common.close') }));
    expect(screen.queryByTestId('queue-problem')).not.toBeInTheDocument();
  });
});
