import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { LabelledSwitch } from './LabelledSwitch';

function Held() {
  const [on, setOn] = useState(false);
  return <LabelledSwitch label="Only the differences" checked={on} onChange={(event) => setOn(event.currentTarget.checked)} />;
}

describe('LabelledSwitch', () => {
  it('is a switch named by its label, turned on and off by a click on either', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Held />);
    const toggle = screen.getByRole('switch', { name: 'Only the differences' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.click(screen.getByText('Only the differences'));
    expect(toggle).not.toBeChecked();
  });

  it('holds only phrasing content in its label, as HTML asks (Mantine’s Switch puts a div there)', () => {
    const { container } = renderWithProviders(<Held />);
    expect(container.querySelector('label')).not.toBeNull();
    expect(container.querySelectorAll('label div')).toHaveLength(0);
  });
});
