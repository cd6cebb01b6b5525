import { Checkbox, MantineProvider, TextInput } from '@mantine/core';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';

import { theme } from './theme';

const Form = () => (
  <MantineProvider theme={theme}>
    <Checkbox label="Square box" />
    <TextInput label="Size" description="EU" />
  </MantineProvider>
);

const ids = (root: HTMLElement) => [...root.querySelectorAll('[id]')].map((element) => element.id);

it("keeps the ids of Mantine's fields that the server drew once the page is taken over", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  const drawn = ids(container);
  expect(drawn.length).toBeGreaterThanOrEqual(3);

  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Form />);
    await Promise.resolve();
  });

  // Mantine's own hook gives each field a random id in a layout effect, which draws every field again.
  expect(ids(container)).toEqual(drawn);
  expect(container.querySelector('input[type="checkbox"]')?.id).toMatch(/^mantine-/);
  act(() => root?.unmount());
  container.remove();
});
