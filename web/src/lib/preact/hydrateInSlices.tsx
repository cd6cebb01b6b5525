import { createContext, Suspense, useContext, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/*
 * Taking over a drawn page in slices. Taken over whole, a page was one task of about 280 ms at Lighthouse's
 * mobile CPU, holding up any tap meanwhile; parts wrapped in `HydrateLater` are taken over afterwards, each
 * in a task of its own, in the order they are reached (a part inside another is reached when the outer one
 * is taken over). This leans on Preact: a component that suspends while the page is being taken over keeps
 * the server's element in place (no fallback, nothing redrawn) and is taken over where it left off once its
 * promise settles. Preact keeps exactly one element for it, so what `HydrateLater` wraps must draw exactly
 * one element.
 */

let hydrating = false;
let lastSlice: Promise<void> = Promise.resolve();

/** A part's turn: a task one after the previous slice's (created during a take-over only). */
class Slice {
  /** Waiting for its task; due (its task has come); being taken over (parts inside it become slices); done. */
  private phase: 'waiting' | 'due' | 'takingOver' | 'done' = 'waiting';
  readonly turn: Promise<void>;

  constructor() {
    const due = () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          this.phase = 'due';
          resolve();
        }, 0),
      );
    this.turn = lastSlice = lastSlice.then(due);
  }

  get waiting() {
    return this.phase === 'waiting';
  }

  get takingOver() {
    return this.phase === 'takingOver';
  }

  /**
   * Called as the part renders: its first render after its turn has come takes it over, synchronously with
   * its whole subtree, so parts inside it that mount during that render are drawn markup too.
   */
  rendering() {
    if (this.phase !== 'due') return;
    this.phase = 'takingOver';
    queueMicrotask(() => (this.phase = 'done'));
  }
}

/** Takes over the server's drawing of `app` in `container`, the parts under `HydrateLater` in later tasks. */
export function hydrateInSlices(container: Element, app: ReactNode) {
  hydrating = true;
  try {
    hydrateRoot(container, app);
  } finally {
    hydrating = false;
  }
}

const EnclosingSlice = createContext<Slice | undefined>(undefined);

function Later({ slice, children }: { slice: Slice | undefined; children: ReactNode }) {
  // Suspense's protocol: a thrown promise suspends the part until it settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (slice?.waiting) throw slice.turn;
  slice?.rendering();
  return <EnclosingSlice.Provider value={slice}>{children}</EnclosingSlice.Provider>;
}

/**
 * A part of the page taken over in a later task than the page around it (see above); drawn at once
 * everywhere else (the server, pages the app draws itself). `children` must draw exactly one element.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // Kept here, not in `Later`: what a component that suspends while taking over holds is not kept.
  const enclosing = useContext(EnclosingSlice);
  const [slice] = useState(() => (hydrating || enclosing?.takingOver ? new Slice() : undefined));
  return (
    <Suspense fallback={null}>
      <Later slice={slice}>{children}</Later>
    </Suspense>
  );
}
