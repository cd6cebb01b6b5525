import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchPages } from './routes';

/** Idle callbacks queued by the code under test, run one at a time by `runIdle`. */
const idleQueue: (() => void)[] = [];
/** Runs the next idle callback and waits for its page's chunk to arrive and queue the next (or for `finished`). */
async function runIdle(finished: () => boolean) {
  idleQueue.shift()?.();
  await vi.waitFor(() => expect(idleQueue.length > 0 || finished()).toBe(true), { timeout: 10_000 });
}

describe('prefetchPages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    idleQueue.length = 0;
  });

  it('fetches the pages one idle moment at a time, then runs what comes after once', { timeout: 60_000 }, async () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleQueue.push(callback));
    const andThen = vi.fn();
    prefetchPages(andThen);
    const finished = () => andThen.mock.calls.length > 0;
    for (let moments = 0; !finished() && moments < 50; moments++) await runIdle(finished);
    expect(andThen).toHaveBeenCalledTimes(1);
    expect(idleQueue).toHaveLength(0);
  });

  it('stops when told to, so a restarted chain does not run what comes after twice', async () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleQueue.push(callback));
    const andThen = vi.fn();
    const stop = prefetchPages(andThen);
    await runIdle(() => false);
    stop();
    while (idleQueue.length > 0) idleQueue.shift()?.();
    expect(andThen).not.toHaveBeenCalled();
    expect(idleQueue).toHaveLength(0);
  });
});
