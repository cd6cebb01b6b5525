import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '../../test/render';
import { RouteCrash } from './RouteCrash';

let broken = true;

function FragilePage() {
  if (broken) throw new Error('the page could not be drawn');
  return <h1>Brands</h1>;
}

describe('RouteCrash', () => {
  beforeEach(() => {
    broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return i18n.changeLanguage('en');
  });

  it('shows the crash screen when a route throws while rendering, and Try Again draws it afresh', async () => {
    const { router } = renderRoutes([{ path: '/brand/:brandId', element: <FragilePage />, errorElement: <RouteCrash /> }], { path: '/brand/bloch' });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'the page could not be drawn' }), '');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Brands' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/brand/bloch');
  });
});
