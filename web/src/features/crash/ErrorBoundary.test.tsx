import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../api/token';
import { jsonResponse, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { ErrorBoundary } from './ErrorBoundary';

let broken = true;

function Fragile() {
  if (broken) throw new Error('the brand list had no name');
  return <p>All well</p>;
}

function renderFragile(onReset?: () => void) {
  return renderWithProviders(
    <ErrorBoundary onReset={onReset}>
      <Fragile />
    </ErrorBoundary>,
  );
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return i18n.changeLanguage('en');
  });

  it('shows the crash screen in place of what failed', () => {
    mockFetch(() => jsonResponse({}));
    renderFragile();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We encountered an unexpected error. Please try refreshing the page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('shows the crash screen in the visitor’s language', async () => {
    mockFetch(() => jsonResponse({}));
    await i18n.changeLanguage('fr');
    renderFragile();
    expect(screen.getByRole('heading', { name: i18n.t('crash.title') })).toBeInTheDocument();
    expect(i18n.t('crash.title')).not.toBe('Something went wrong');
  });

  it('reports the crash of a visitor who is not signed in, without a token', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ success: true }));
    renderFragile();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/log-error');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(init.body as string)).toMatchObject({ lang: 'en', release: expect.stringMatching(/^\d+\.\d+\.\d+$/) as unknown });
  });

  it('reports the crash of a signed-in user to the error log', async () => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
    const fetchMock = mockFetch(() => jsonResponse({ success: true }));
    renderFragile();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/log-error');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
    const report = JSON.parse(init.body as string) as { componentStack: string; timestamp: string };
    expect(report).toMatchObject({ message: 'the brand list had no name', url: window.location.href });
    expect(report.componentStack).toContain('Fragile');
    expect(Date.parse(report.timestamp)).not.toBeNaN();
  });

  it('renders the children again on Try Again, after its reset', () => {
    mockFetch(() => jsonResponse({}));
    const onReset = vi.fn(() => {
      broken = false;
    });
    renderFragile(onReset);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByText('All well')).toBeInTheDocument();
  });

  it('keeps working state below it untouched while nothing fails', () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>{`Clicked ${count}`}</button>;
    }
    renderWithProviders(
      <ErrorBoundary>
        <Counter />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });
});
