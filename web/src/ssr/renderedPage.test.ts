import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../lib/queryClient';
import { fillQueryCache } from './renderedPage';

describe('fillQueryCache', () => {
  afterEach(() => vi.useRealTimers());

  it("fills the cache with the page's answers, fresh as of the page's arrival however long ago it was drawn", () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z') });
    const queryClient = createQueryClient();
    fillQueryCache(queryClient, { queries: [{ key: ['brands', 'en'], data: [{ id: 'bloch' }] }] });
    const query = queryClient.getQueryCache().find({ queryKey: ['brands', 'en'] })!;
    expect(query.state.data).toEqual([{ id: 'bloch' }]);
    expect(query.state.dataUpdatedAt).toBe(Date.parse('2026-11-29T12:00:00Z'));
    vi.setSystemTime(new Date('2026-11-29T12:04:59Z'));
    expect(query.isStaleByTime(5 * 60_000)).toBe(false);
  });
});
