import { render, screen } from '@testing-library/preact';
import { useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HydrateLater, hydrateInSlices } from './hydrateInSlices';

/** A button that counts its clicks: it counts only once the app has taken it over. */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name} {count}
    </button>
  );
}

function Page() {
  return (
    <div>
      <Counter name="first" />
      <HydrateLater>
        <section>
          <Counter name="second" />
          <HydrateLater>
            <Counter name="third" />
          </HydrateLater>
        </section>
      </HydrateLater>
    </div>
  );
}

/** A field that adds its hint when asked, the hint named by the id the field's button points at. */
function HintedField({ name }: { name: string }) {
  const id = useId();
  const [hinted, setHinted] = useState(false);
  return (
    <div data-field={name}>
      <button type="button" aria-controls={`${id}-hint`} onClick={() => setHinted(true)}>
        {name}
      </button>
      {hinted && <p id={`${id}-hint`}>{name}</p>}
    </div>
  );
}

function PageOfFields() {
  return (
    <div>
      <HydrateLater>
        <HintedField name="first" />
      </HydrateLater>
      <HintedField name="second" />
      <HydrateLater>
        <div>
          <HintedField name="third" />
          <HydrateLater>
            <HintedField name="fourth" />
          </HydrateLater>
        </div>
      </HydrateLater>
    </div>
  );
}

const buttons = () => ['first', 'second', 'third'].map((name) => screen.getByRole('button', { name: new RegExp(`^${name}`) }));
const clickAll = () => buttons().forEach((button) => button.click());
const labels = () => buttons().map((button) => button.textContent);

/** The server's drawing of the page in a container of the document. */
function drawnPage(page = <Page />) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

/** Whether every element under `container` is one of the app's (in Preact's tree). */
function pageTakenOver(container: Element) {
  type Node = { __e?: unknown; __k?: (Node | null)[] | null };
  const owned = new Set<unknown>();
  const walk = (node: Node | null | undefined) => {
    if (!node) return;
    owned.add(node.__e);
    node.__k?.forEach(walk);
  };
  walk((container as unknown as { __k?: Node }).__k);
  return [...container.querySelectorAll('*')].every((element) => owned.has(element));
}

describe('hydrateInSlices', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('takes the page over first, then each part in a later task of its own, keeping every drawn element', async () => {
    vi.useFakeTimers();
    const container = drawnPage();
    const drawn = [...container.querySelectorAll('*')];

    hydrateInSlices(container, <Page />);
    clickAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(labels()).toEqual(['first 1', 'second 0', 'third 0']);

    // The outer part's turn: the part inside it gets a turn after that.
    clickAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(labels()).toEqual(['first 2', 'second 1', 'third 0']);

    await vi.runAllTimersAsync();
    clickAll();
    await vi.runAllTimersAsync();
    expect(labels()).toEqual(['first 3', 'second 2', 'third 1']);
    expect([...container.querySelectorAll('*')]).toEqual(drawn);
  });

  it('gives each element the id the server gave it, so what the app adds later names the right element', async () => {
    const container = drawnPage(<PageOfFields />);
    hydrateInSlices(container, <PageOfFields />);
    await vi.waitFor(() => expect(pageTakenOver(container)).toBe(true));
    container.querySelectorAll('button').forEach((button) => button.click());
    await vi.waitFor(() => expect(container.querySelectorAll('p')).toHaveLength(4));
    const named = [...container.querySelectorAll('[data-field]')].map((field) => {
      const target = container.querySelector(`[id="${field.querySelector('button')?.getAttribute('aria-controls')}"]`);
      return [field.getAttribute('data-field'), target?.textContent];
    });
    expect(named).toEqual(['first', 'second', 'third', 'fourth'].map((name) => [name, name]));
  });

  it('draws its part at once when the app draws the page itself', () => {
    render(<Page />);
    clickAll();
    return vi.waitFor(() => expect(labels()).toEqual(['first 1', 'second 1', 'third 1']));
  });
});
