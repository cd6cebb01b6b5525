import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { AmountInput } from './AmountInput';

/** The box as a page holds it: the value kept outside, each change reported, and a way to clear it. */
function Held({ initial }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AmountInput label="Highest price" prefix="$" value={value} onChange={setValue} />
      <output data-testid="value">{value === undefined ? 'none' : String(value)}</output>
      <button type="button" onClick={() => setValue(undefined)}>
        Clear
      </button>
    </>
  );
}

const box = () => screen.getByRole('spinbutton', { name: 'Highest price' });
const held = () => screen.getByTestId('value').textContent;

describe('AmountInput', () => {
  it('reads what is typed as a number, and an empty box as none', async () => {
    renderWithProviders(<Held />);
    await userEvent.type(box(), '120');
    expect(held()).toBe('120');
    await userEvent.clear(box());
    expect(held()).toBe('none');
  });

  it('keeps the text as typed while it means the value ("10.0" is not cut to "10")', async () => {
    renderWithProviders(<Held />);
    await userEvent.type(box(), '10.0');
    expect(held()).toBe('10');
    expect(box()).toHaveValue(10);
    expect((box() as HTMLInputElement).value).toBe('10.0');
    await userEvent.type(box(), '5');
    expect(held()).toBe('10.05');
  });

  it('shows a value set from outside, and empties when it is cleared there', async () => {
    renderWithProviders(<Held initial={80} />);
    expect((box() as HTMLInputElement).value).toBe('80');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('takes no number below 0', async () => {
    renderWithProviders(<Held />);
    await userEvent.type(box(), '-5');
    expect(held()).toBe('none');
  });
});
