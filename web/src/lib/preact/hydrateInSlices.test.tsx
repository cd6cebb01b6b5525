import { render, screen } from '@testing-library/preact';
import { useState } from 'react';
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

const buttons = () => ['first', 'second', 'third'].map((name) => screen.getByRole('button', { name: new RegExp(`^${name}`) }));
const clickAll = () => buttons().forEach((button) => button.click());
const labels = () => buttons().map((button) => button.textContent);

/** The server's drawing of the page in a container of the document. */
function drawnPage() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  return container;
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

  it('draws its part at once when the app draws the page itself', () => {
    render(<Page />);
    clickAll();
    return vi.waitFor(() => expect(labels()).toEqual(['first 1', 'second 1', 'third 1']));
  });
});
