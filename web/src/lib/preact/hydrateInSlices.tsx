import { createContext, Suspense, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/*
 * Taking over a drawn page in slices. Taken over whole, a page was one task of about 280 ms at Lighthouse's
 * mobile CPU, holding up any tap meanwhile; parts wrapped in `HydrateLater` are taken over afterwards, each
 * in a task of its own, in the order they are reached (a part inside another is reached when the outer one
 * is taken over). This leans on Preact: a component that suspends while the page is being taken over keeps
 * the server's element in place (no fallback, nothing redrawn) and is taken over where it left off once its
 * promise settles. Preact keeps exactly one element for it, so what `HydrateLater` wraps must draw exactly
 * one element.
 *
 * Ids (`useId`, which Mantine's fields and accordions use) come from a counter in the order components first
 * render: the server renders a part in its place, the app after the page around it, so their counts would
 * disagree, and as a taken-over element keeps the server's attributes, an element the app adds later (a
 * filter's values, an error) would name another's id. Each part therefore counts its ids on its own, under a
 * prefix that is itself an id of the part around it: the same on the server and in the app.
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

/** Preact's count of ids (`[prefix, next]`), kept on the element nearest above a component that has one. */
type IdCount = [string, number];

/** `this` of a function component in Preact (client and server), under its mangled internal names. */
interface PreactComponent {
  /** `_vnode`, whose `_mask` (`__m`) Preact's `useId` reads. */
  __v: { __m?: IdCount };
}

function Later(this: PreactComponent, { slice, ids, children }: { slice: Slice | undefined; ids: IdCount; children: ReactNode }) {
  // Suspense's protocol: a thrown promise suspends the part until it settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (slice?.waiting) throw slice.turn;
  slice?.rendering();
  this.__v.__m = ids;
  return <EnclosingSlice.Provider value={slice}>{children}</EnclosingSlice.Provider>;
}

/**
 * A part of the page taken over in a later task than the page around it (see above); drawn at once
 * everywhere else (the server, pages the app draws itself). `children` must draw exactly one element.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // Kept here, not in `Later`: what a component that suspends while taking over holds is not kept.
  const enclosing = useContext(EnclosingSlice);
  const prefix = useId();
  // Kept here for the same reason: the part's count goes on where it stopped when it draws again.
  const [ids] = useState<IdCount>(() => [prefix, 0]);
  const [slice] = useState(() => (hydrating || enclosing?.takingOver ? new Slice() : undefined));
  return (
    <Suspense fallback={null}>
      <Later slice={slice} ids={ids}>
        {children}
      </Later>
    </Suspense>
  );
}

/**
 * False while the calling component takes over the server's drawing, true once it has: what the server
 * cannot know (the visitor's session) is drawn as the server drew it until then. A part taken over later
 * would otherwise meet a state that changed in between (the session read meanwhile), and Preact, which
 * does not compare attributes while taking over, would pair the server's elements with others (a link
 * keeping another's address).
 */
export function useTakenOver(): boolean {
  const enclosing = useContext(EnclosingSlice);
  const [takenOver, setTakenOver] = useState(() => !(hydrating || enclosing?.takingOver));
  // The second render is the point: once taken over, the component draws what the browser knows.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setTakenOver(true), []);
  return takenOver;
}
