import { describe, expect, it } from 'vitest';

import { ADMIN_PATHS } from '../../../e2e/adminPaths';
import { ADMIN_SCREENS } from './screens';

describe('the admin screens', () => {
  it('are the ones the accessibility run in Playwright visits', () => {
    expect(ADMIN_SCREENS.map((screen) => screen.path)).toEqual([...ADMIN_PATHS]);
  });
});
